// The production overlay's monitoring: a ServiceMonitor for every program that serves /metrics,
// each reaching the port its Deployment serves them on, valid against the ServiceMonitor CRD's
// schema; and the Grafana dashboard, whose queries name only series the programs export.
import { join } from 'node:path';
import { register } from 'prom-client';
import { metricsText, setProgram } from '@parley/metrics';
// The frontend keeps its own registry (it may not import @parley/metrics).
import { createFrontendMetrics } from '../../frontend/src/lib/server/metrics/catalogue';
import { kustomize, type K8sObject } from '../../scripts/lib/kustomize.mjs';
import { customResourceErrors } from './crd-check';
import { schemaErrors } from './schema-check';

const PRODUCTION = join(__dirname, '..', 'overlays', 'production');
/** The programs with METRICS_PORT: all of them. */
const MEASURED = [
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

interface ServiceMonitor extends K8sObject {
  spec: {
    selector: { matchLabels: Record<string, string> };
    endpoints: Array<{ port: string; path?: string; interval?: string }>;
  };
}
interface Service extends K8sObject {
  spec: {
    selector: Record<string, string>;
    ports: Array<{ name: string; port: number; targetPort: string }>;
  };
}
interface Deployment extends K8sObject {
  spec: {
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        containers: Array<{
          ports?: Array<{ name: string; containerPort: number }>;
          envFrom?: Array<{ configMapRef?: { name: string } }>;
        }>;
      };
    };
  };
}

const objects = kustomize(PRODUCTION);
const all = <T extends K8sObject>(kind: string) => objects.filter((o) => o.kind === kind) as T[];
const labelsMatch = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

describe('ServiceMonitors (production overlay)', () => {
  it('one per program that serves /metrics, and none for anything else', () => {
    expect(
      all<ServiceMonitor>('ServiceMonitor')
        .map((m) => m.metadata.name)
        .sort(),
    ).toEqual([...MEASURED].sort());
  });

  it.each(MEASURED)(
    '%s: selects its Service, whose metrics port reaches METRICS_PORT on its pods',
    (program) => {
      const monitor = all<ServiceMonitor>('ServiceMonitor').find((m) => m.metadata.name === program)!;
      const services = all<Service>('Service').filter((s) =>
        labelsMatch(
          monitor.spec.selector.matchLabels,
          (s.metadata as { labels?: Record<string, string> }).labels,
        ),
      );
      expect(services.map((s) => s.metadata.name)).toEqual([program]);
      const service = services[0]!;
      expect(monitor.spec.endpoints).toHaveLength(1);
      const endpoint = monitor.spec.endpoints[0]!;
      expect(endpoint.path).toBe('/metrics');
      const servicePort = service.spec.ports.find((p) => p.name === endpoint.port);
      expect(servicePort).toBeDefined();

      const deployment = all<Deployment>('Deployment').find((d) =>
        labelsMatch(service.spec.selector, d.spec.template.metadata.labels),
      )!;
      const container = deployment.spec.template.spec.containers[0]!;
      const containerPort = container.ports?.find((p) => p.name === servicePort!.targetPort);
      const configName = container.envFrom?.find((e) => e.configMapRef)?.configMapRef?.name;
      const config = objects.find(
        (o) => o.kind === 'ConfigMap' && o.metadata.name === configName,
      ) as unknown as {
        data: Record<string, string>;
      };
      expect(containerPort?.containerPort).toBe(Number(config.data.METRICS_PORT));
    },
  );

  it('are valid against the ServiceMonitor schema, which refuses what the CRD does not have', () => {
    const monitors = all<ServiceMonitor>('ServiceMonitor');
    expect(schemaErrors(monitors)).toEqual([]);
    const misspelt = structuredClone(monitors[0]!) as unknown as { spec: { endpoints: object[] } };
    misspelt.spec.endpoints[0] = { ...misspelt.spec.endpoints[0], scrapeIntervall: '15s' };
    expect(customResourceErrors([misspelt as unknown as K8sObject])).toEqual([
      expect.stringContaining('/spec/endpoints/0 must NOT have additional properties (scrapeIntervall)'),
    ]);
    const noSelector = structuredClone(monitors[0]!) as unknown as { spec: Record<string, unknown> };
    delete noSelector.spec.selector;
    expect(customResourceErrors([noSelector as unknown as K8sObject]).join('\n')).toContain(
      "must have required property 'selector'",
    );
    const badInterval = structuredClone(monitors[0]!) as unknown as { spec: { endpoints: object[] } };
    badInterval.spec.endpoints[0] = { ...badInterval.spec.endpoints[0], interval: '15 seconds' };
    expect(customResourceErrors([badInterval as unknown as K8sObject]).join('\n')).toContain(
      '/spec/endpoints/0/interval',
    );
  });
});

describe('the Grafana dashboard (production overlay)', () => {
  const configMap = objects.find(
    (o) => o.kind === 'ConfigMap' && o.metadata.name === 'parley-grafana-dashboard',
  ) as
    (K8sObject & { data: Record<string, string>; metadata: { labels?: Record<string, string> } }) | undefined;

  interface Panel {
    type: string;
    title: string;
    targets?: Array<{ expr: string }>;
  }

  it('is a ConfigMap Grafana’s sidecar loads', () => {
    expect(configMap?.metadata.labels?.grafana_dashboard).toBe('1');
    const dashboard = JSON.parse(configMap!.data['parley-golden-signals.json']!) as {
      uid: string;
      panels: Panel[];
    };
    expect(dashboard.uid).toBe('parley-golden-signals');
    // The four golden signals, each a row of panels.
    expect(dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title)).toEqual([
      'Traffic',
      'Errors',
      'Latency',
      'Saturation',
    ]);
  });

  it('queries only series the programs export, and every one of the catalogue', async () => {
    const dashboard = JSON.parse(configMap!.data['parley-golden-signals.json']!) as { panels: Panel[] };
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
    expect(exprs.length).toBeGreaterThan(20);
    const queried = new Set(exprs.flatMap((e) => [...e.matchAll(/\bparley_\w+/g)].map((m) => m[0])));

    setProgram('dashboard-check'); // registers the process metrics, as every program does
    const frontend = createFrontendMetrics().registry;
    const exported = new Set<string>();
    const texts = [(await metricsText()).body, await frontend.metrics()];
    for (const line of texts.join('\n').split('\n')) {
      const m = /^# TYPE (\S+) (\S+)/.exec(line);
      if (!m) continue;
      exported.add(m[1]!);
      if (m[2] === 'histogram') for (const s of ['_bucket', '_sum', '_count']) exported.add(`${m[1]}${s}`);
    }
    expect([...queried].filter((name) => !exported.has(name))).toEqual([]);
    // Every series of the catalogue (docs/operations.md#metrics) is on the dashboard.
    const catalogue = [...register.getMetricsAsArray(), ...frontend.getMetricsAsArray()]
      .map((m) => m.name)
      .filter((n) => !/^parley_(process|nodejs)_/.test(n));
    expect(catalogue.filter((name) => ![...queried].some((q) => q.startsWith(name)))).toEqual([]);
  });
});
