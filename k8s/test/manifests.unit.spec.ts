// Renders k8s/base and k8s/overlays/local and checks every object against the Kubernetes API
// schemas, the deployment rules of this project (probes, resources, non-root, secrets only by
// reference) and each program's own configuration schema.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { kustomize, parseYamlDocuments, type K8sObject } from '../../scripts/lib/kustomize.mjs';
import { ensureLocalSecrets } from '../../scripts/lib/secrets.mjs';
import { loadProgramSchema, type ProgramName } from '../../scripts/test/support/config-schemas';
import { schemaErrors } from './schema-check';

const repoRoot = join(__dirname, '..', '..');
const BASE = join(repoRoot, 'k8s', 'base');
const LOCAL = join(repoRoot, 'k8s', 'overlays', 'local');
const PRODUCTION = join(repoRoot, 'k8s', 'overlays', 'production');
const PROGRAMS: ProgramName[] = [
  'identity',
  'notifications',
  'billing',
  'domains',
  'content',
  'conversations',
  'assistant',
  'gateway',
  'frontend',
];
const GRPC_SERVICES = new Set([
  'identity',
  'notifications',
  'billing',
  'domains',
  'content',
  'conversations',
  'assistant',
]);
/** Variables whose values are secrets: they may come only from a Secret, never a ConfigMap. */
const SECRET_NAME = /PASSWORD|SECRET|SEAL|PRIVATE_KEY$|DATABASE_URL|SMTP_URL/;

interface Container {
  name: string;
  image: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
  }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  readinessProbe?: Record<string, unknown>;
  livenessProbe?: Record<string, unknown>;
  securityContext?: Record<string, unknown>;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}
interface PodSpec {
  containers: Container[];
  initContainers?: Array<Container & { command?: string[] }>;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  volumes?: Array<{
    name: string;
    secret?: { secretName: string; items?: Array<{ key: string; path: string }> };
  }>;
}

const find = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${kind} ${name} not rendered`);
  return found;
};
const podSpec = (deployment: K8sObject) =>
  (deployment as unknown as { spec: { template: { spec: PodSpec } } }).spec.template.spec;
const configData = (objects: K8sObject[], name: string) =>
  (find(objects, 'ConfigMap', name) as unknown as { data: Record<string, string> }).data;

/** The variables a container gets: its ConfigMaps' keys and its own env entries. */
function containerEnvironment(objects: K8sObject[], container: Container) {
  const fromConfig: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(fromConfig, configData(objects, source.configMapRef.name));
  }
  return { fromConfig, env: container.env ?? [] };
}

function kubectlRender(dir: string): K8sObject[] | null {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return parseYamlDocuments(execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' }), dir);
}

/** kustomize folds long base64 values over lines; the API ignores that whitespace. */
function normalise(o: K8sObject): K8sObject {
  if (o.kind !== 'Secret') return o;
  const data = (o as unknown as { data?: Record<string, string> }).data ?? {};
  return { ...o, data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.replace(/\s+/g, '')])) };
}

describe.each([
  ['k8s/base', BASE],
  ['k8s/overlays/local', LOCAL],
  ['k8s/overlays/production', PRODUCTION],
])('%s', (_name, dir) => {
  const objects = kustomize(dir);

  it('renders every object valid against the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(0);
    expect(schemaErrors(objects)).toEqual([]);
  });

  it('renders the same objects as `kubectl kustomize` (where kubectl is installed)', () => {
    const theirs = kubectlRender(dir);
    if (theirs === null) return; // Nothing to compare with on this machine.
    const key = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
    expect(objects.map(key).sort()).toEqual(theirs.map(key).sort());
    for (const o of theirs) {
      const mine = objects.find((m) => key(m) === key(o))!;
      expect(isDeepStrictEqual(normalise(mine), normalise(o)) ? key(o) : { mine, kubectl: o }).toBe(key(o));
    }
  });

  it.each(PROGRAMS)('runs %s non-root, with resources and the right probes', (program) => {
    const spec = podSpec(find(objects, 'Deployment', program));
    expect(spec.securityContext?.runAsNonRoot).toBe(true);
    expect(spec.securityContext?.runAsUser).toBeGreaterThan(0);
    const container = spec.containers.find((c) => c.name === program)!;
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
    });
    expect(container.resources?.requests).toEqual(
      expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
    );
    expect(container.resources?.limits).toEqual(expect.objectContaining({ memory: expect.any(String) }));
    const probeKind = GRPC_SERVICES.has(program) ? 'grpc' : 'httpGet';
    expect(container.readinessProbe).toHaveProperty(probeKind);
    expect(container.livenessProbe).toHaveProperty(probeKind);
  });

  it.each(PROGRAMS)(
    'gives %s only variables its config schema knows, secrets only from a Secret',
    (program) => {
      const container = podSpec(find(objects, 'Deployment', program)).containers[0]!;
      const { fromConfig, env } = containerEnvironment(objects, container);
      const names = [...Object.keys(fromConfig), ...env.map((e) => e.name)];
      const schema = loadProgramSchema(program);
      expect(names.filter((n) => !schema.known.has(n))).toEqual([]);
      expect(Object.keys(fromConfig).filter((n) => SECRET_NAME.test(n))).toEqual([]);
      for (const e of env.filter((e) => SECRET_NAME.test(e.name))) {
        expect(e.valueFrom?.secretKeyRef?.name).toBe('parley-secrets');
      }
      for (const source of container.envFrom ?? []) expect(source.secretRef).toBeUndefined();
    },
  );

  it.each([...GRPC_SERVICES, 'gateway'])(
    'gives %s the caller-token key from the Secret (services refuse unsigned calls)',
    (program) => {
      const container = podSpec(find(objects, 'Deployment', program)).containers[0]!;
      const key = (container.env ?? []).find((e) => e.name === 'CALLER_TOKEN_SECRET');
      // Required: a pod without the key does not start, rather than serve unchecked calls.
      expect(key?.valueFrom?.secretKeyRef).toEqual({ name: 'parley-secrets', key: 'CALLER_TOKEN_SECRET' });
    },
  );

  it.each(PROGRAMS)('exposes %s on the ports its configuration sets, through its Service', (program) => {
    const container = podSpec(find(objects, 'Deployment', program)).containers[0]!;
    const { fromConfig } = containerEnvironment(objects, container);
    const containerPorts = (container.ports ?? []).map((p) => p.containerPort);
    for (const [key, value] of Object.entries(fromConfig)) {
      if (/(^|_)PORT$/.test(key)) expect(containerPorts).toContain(Number(value));
    }
    const service = find(objects, 'Service', program) as unknown as {
      spec: { selector: Record<string, string>; ports: Array<{ targetPort: string | number }> };
    };
    const labels = (
      find(objects, 'Deployment', program) as unknown as {
        spec: { template: { metadata: { labels: Record<string, string> } } };
      }
    ).spec.template.metadata.labels;
    expect(labels).toMatchObject(service.spec.selector);
    const portNames = (container.ports ?? []).map((p) => p.name);
    for (const p of service.spec.ports) expect(portNames).toContain(p.targetPort);
  });
});

describe('k8s/base', () => {
  const objects = kustomize(BASE);

  it('holds no Secret: the operator creates parley-secrets', () => {
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
  });

  it('documents every key of parley-secrets it references in k8s/README.md', () => {
    const referenced = new Set<string>();
    for (const o of objects.filter((o) => o.kind === 'Deployment')) {
      const spec = podSpec(o);
      for (const c of spec.containers)
        for (const e of c.env ?? [])
          if (e.valueFrom?.secretKeyRef) referenced.add(e.valueFrom.secretKeyRef.key);
      for (const v of spec.volumes ?? []) for (const item of v.secret?.items ?? []) referenced.add(item.key);
    }
    const readme = readFileSync(join(repoRoot, 'k8s', 'README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\s*\| `([A-Z0-9_]+)`\s*\|/gm)].map((m) => m[1]));
    expect([...referenced].filter((k) => !documented.has(k))).toEqual([]);
  });
});

describe('k8s/overlays/local', () => {
  const objects = kustomize(LOCAL);
  const secret = find(objects, 'Secret', 'parley-secrets') as unknown as { data: Record<string, string> };
  const secretValues = Object.fromEntries(
    Object.entries(secret.data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]),
  );

  it('puts everything in the parley namespace with locally built images', () => {
    for (const o of objects) expect(o.metadata.namespace).toBe('parley');
    for (const program of [...PROGRAMS, 'mailcatcher', 'stripe-local']) {
      expect(podSpec(find(objects, 'Deployment', program)).containers[0]!.image).toBe(
        `parley/${program}:local`,
      );
    }
  });

  it('generates the Secret from obviously fake placeholders only', () => {
    for (const [key, value] of Object.entries(secretValues)) {
      if (SECRET_NAME.test(key) && key !== 'SMTP_URL') expect(value).toContain('FAKE');
    }
  });

  it.each(PROGRAMS)('gives %s a configuration it accepts', (program) => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-k8s-'));
    try {
      const localKey = ensureLocalSecrets(dir).jwtPrivateKeyFile;
      const container = podSpec(find(objects, 'Deployment', program)).containers[0]!;
      const { fromConfig, env } = containerEnvironment(objects, container);
      const values: Record<string, string> = { ...fromConfig };
      for (const e of env) {
        const ref = e.valueFrom?.secretKeyRef;
        const value = ref ? secretValues[ref.key] : e.value;
        if (value === undefined && ref?.optional) continue;
        if (value === undefined)
          throw new Error(`${program}: ${e.name} refers to missing secret key ${ref?.key}`);
        values[e.name] = value;
      }
      // The key file is mounted from the Secret in the cluster; here a real key stands in for it.
      if (values.JWT_PRIVATE_KEY_FILE) values.JWT_PRIVATE_KEY_FILE = localKey;
      expect(loadProgramSchema(program).problems(values)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the schema check', () => {
  const deployment = () =>
    structuredClone(kustomize(BASE).find((o) => o.kind === 'Deployment')!) as unknown as {
      spec: { replicas: unknown; template: { spec: PodSpec & Record<string, unknown> } };
    } & K8sObject;

  it('fails on a misspelt field', () => {
    const d = deployment();
    (d.spec.template.spec.containers[0] as unknown as Record<string, unknown>).imagePullPolcy = 'Always';
    expect(schemaErrors([d]).join('\n')).toMatch(/imagePullPolcy/);
  });

  it('fails on a wrongly typed field', () => {
    const d = deployment();
    d.spec.replicas = 'two';
    expect(schemaErrors([d]).join('\n')).toMatch(/replicas must be integer/);
  });

  it('fails on a missing required field', () => {
    const d = deployment();
    delete (d.spec.template.spec.containers[0] as Partial<Container>).name;
    expect(schemaErrors([d]).join('\n')).toMatch(/name/);
  });

  it('fails on a kind it has no schema for', () => {
    expect(schemaErrors([{ apiVersion: 'v1', kind: 'Sevice', metadata: { name: 'x' } }])).not.toEqual([]);
  });

  describe("an operator's resource, against the schema derived from its CRD (k8s/test/crds)", () => {
    const cluster = () =>
      structuredClone(kustomize(PRODUCTION).find((o) => o.kind === 'Cluster')!) as unknown as K8sObject & {
        spec: Record<string, unknown> & { postgresql: { synchronous: Record<string, unknown> } };
      };

    it('passes the production PostgreSQL cluster as it is', () => {
      expect(schemaErrors([cluster()])).toEqual([]);
    });

    it('fails on a misspelt field, however deep', () => {
      const c = cluster();
      c.spec.instance = 3;
      c.spec.postgresql.synchronous.numbr = 1;
      const errors = schemaErrors([c]).join('\n');
      expect(errors).toMatch(/Cluster parley-db: \/spec must NOT have additional properties \(instance\)/);
      expect(errors).toMatch(/\/spec\/postgresql\/synchronous must NOT have additional properties \(numbr\)/);
    });

    it('fails on a wrong type, a value outside an enum and a missing required field', () => {
      const c = cluster();
      c.spec.instances = 'three';
      c.spec.postgresql.synchronous.method = 'all';
      delete c.spec.postgresql.synchronous.number;
      const errors = schemaErrors([c]).join('\n');
      expect(errors).toMatch(/\/spec\/instances must be integer/);
      expect(errors).toMatch(
        /\/spec\/postgresql\/synchronous\/method must be equal to one of the allowed values/,
      );
      expect(errors).toMatch(/\/spec\/postgresql\/synchronous must have required property 'number'/);
    });
  });
});

describe('k8s/overlays/production', () => {
  const objects = kustomize(PRODUCTION);
  const spec = <T>(o: K8sObject) => (o as unknown as { spec: T }).spec;

  it('runs NATS as a 3-node JetStream cluster on persistent volumes, one node down at most', () => {
    const nats = spec<{
      replicas: number;
      volumeClaimTemplates: Array<{ metadata: { name: string } }>;
      template: { spec: PodSpec };
    }>(find(objects, 'StatefulSet', 'nats'));
    expect(nats.replicas).toBe(3);
    expect(nats.volumeClaimTemplates.map((v) => v.metadata.name)).toEqual(['data']);
    expect(nats.template.spec.containers[0]!.volumeMounts).toContainEqual({
      name: 'data',
      mountPath: '/data',
    });
    expect(
      spec<{ maxUnavailable: number }>(find(objects, 'PodDisruptionBudget', 'nats')).maxUnavailable,
    ).toBe(1);
    const conf = configData(objects, 'nats-config')['nats.conf']!;
    for (const i of [0, 1, 2]) expect(conf).toContain(`nats://nats-${i}.nats-cluster:6222`);
  });

  it('keeps every owned stream three times', () => {
    for (const owner of ['identity', 'notifications', 'billing', 'domains', 'content', 'conversations'])
      expect(configData(objects, `${owner}-config`).STREAM_REPLICAS).toBe('3');
  });

  it.each(PROGRAMS)('gives %s a disruption budget and an autoscaler', (program) => {
    expect(spec<{ minAvailable: number }>(find(objects, 'PodDisruptionBudget', program)).minAvailable).toBe(
      1,
    );
    const hpa = spec<{ minReplicas: number; scaleTargetRef: { kind: string; name: string } }>(
      find(objects, 'HorizontalPodAutoscaler', program),
    );
    expect(hpa.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: program });
    expect(hpa.minReplicas).toBeGreaterThanOrEqual(2);
  });

  it('serves the app and the gateway over TLS, the gateway with cookie affinity', () => {
    const gateway = find(objects, 'Ingress', 'gateway') as unknown as {
      metadata: { annotations: Record<string, string> };
      spec: { tls: unknown[] };
    };
    expect(gateway.metadata.annotations['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
    expect(gateway.spec.tls).toHaveLength(1);
    expect(spec<{ tls: unknown[] }>(find(objects, 'Ingress', 'frontend')).tls).toHaveLength(1);
  });

  it.each([...GRPC_SERVICES])(
    'migrates %s in an init container with the database credential only; the service itself does not',
    (program) => {
      const pod = podSpec(find(objects, 'Deployment', program));
      const service = pod.containers[0]!;
      const migrate = pod.initContainers?.find((c) => c.name === 'migrate');
      expect(migrate?.image).toBe(service.image);
      expect(migrate?.command?.slice(-2)).toEqual(['dist/main.js', 'migrate']);
      const databaseUrl = (c: Container) =>
        c.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef;
      expect(databaseUrl(migrate!)).toEqual(databaseUrl(service));
      expect(migrate?.env?.map((e) => e.name).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL']);
      expect(migrate?.envFrom).toBeUndefined();
      expect(migrate?.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
      });
      expect(migrate?.resources?.limits).toEqual(expect.objectContaining({ memory: expect.any(String) }));
      expect(configData(objects, `${program}-config`).MIGRATE_ON_START).toBe('false');
    },
  );

  it('runs PostgreSQL as a 3-instance CloudNativePG cluster, one role and one database per service', () => {
    const cluster = spec<{
      instances: number;
      bootstrap: { initdb: { database: string; owner: string; postInitSQL: string[] } };
      managed: { roles: Array<{ name: string; login: boolean; superuser: boolean; createdb: boolean }> };
    }>(find(objects, 'Cluster', 'parley-db'));
    expect(cluster.instances).toBe(3);
    const { initdb } = cluster.bootstrap;
    const roles = [initdb.owner, ...cluster.managed.roles.map((r) => r.name)].sort();
    expect(roles).toEqual([...GRPC_SERVICES].sort());
    for (const role of cluster.managed.roles)
      expect(role).toMatchObject({ login: true, superuser: false, createdb: false });
    for (const program of GRPC_SERVICES) {
      expect(initdb.postInitSQL).toContain(`CREATE DATABASE parley_${program} OWNER ${program}`);
      expect(initdb.postInitSQL).toContain(`REVOKE ALL ON DATABASE parley_${program} FROM PUBLIC`);
    }
    expect(find(objects, 'ScheduledBackup', 'parley-db-nightly')).toBeDefined();
  });

  it('reads the Redis URL (a managed endpoint, with its password) from the Secret', () => {
    for (const program of ['identity', 'gateway']) {
      expect(configData(objects, `${program}-config`).REDIS_URL).toBeUndefined();
      const env = podSpec(find(objects, 'Deployment', program)).containers[0]!.env ?? [];
      expect(env.find((e) => e.name === 'REDIS_URL')?.valueFrom?.secretKeyRef).toEqual({
        name: 'parley-secrets',
        key: 'REDIS_URL',
      });
    }
  });

  it('denies ingress by default', () => {
    expect(
      spec<{ podSelector: object }>(find(objects, 'NetworkPolicy', 'default-deny-ingress')).podSelector,
    ).toEqual({});
  });
});

describe('the NATS version deployed', () => {
  it('is the one the tests run (2.9.10) in compose and every overlay', () => {
    const images = [
      ...readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8').matchAll(/image: (nats:\S+)/g),
    ].map((m) => m[1]);
    for (const dir of [LOCAL, PRODUCTION])
      for (const o of kustomize(dir).filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet'))
        for (const c of podSpec(o).containers) if (c.image.startsWith('nats:')) images.push(c.image);
    expect(images.length).toBeGreaterThanOrEqual(3);
    expect(new Set(images)).toEqual(new Set(['nats:2.9.10-alpine']));
  });
});
