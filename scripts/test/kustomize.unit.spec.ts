// The renderer's kustomize features, independent of kubectl (the k8s tests compare it with
// `kubectl kustomize` where that is installed).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kustomize, strategicMerge } from '../lib/kustomize.mjs';

let dir: string;
const write = (path: string, text: string) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
};
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'parley-kustomize-'));
  write('base/kustomization.yaml', 'resources:\n  - app.yaml\n');
  write(
    'base/app.yaml',
    [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: { name: app-config }',
      'data: { A: "1", B: "2" }',
      '---',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: { name: app }',
      'spec:',
      '  replicas: 2',
      '  template:',
      '    spec:',
      '      containers:',
      '        - { name: app, image: parley/app, env: [{ name: X, value: "1" }] }',
      '        - { name: sidecar, image: other/sidecar:1.0 }',
    ].join('\n'),
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('kustomize', () => {
  it('applies namespace, images, generators and patches of an overlay', () => {
    write('overlay/secrets.env', '# comment\nTOKEN=FAKE-token\n\nURL=postgres://u:p@h/db\n');
    write(
      'overlay/patch.yaml',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: app }\nspec:\n  replicas: 1\n  template:\n    spec:\n      containers:\n        - { name: app, env: [{ name: Y, value: "2" }] }\n',
    );
    write(
      'overlay/kustomization.yaml',
      [
        'namespace: demo',
        'resources: [../base]',
        'images: [{ name: parley/app, newTag: local }]',
        'configMapGenerator: [{ name: app-config, behavior: merge, literals: [B=3, C=4] }]',
        'secretGenerator: [{ name: app-secrets, envs: [secrets.env] }]',
        'generatorOptions: { disableNameSuffixHash: true }',
        'patches: [{ path: patch.yaml }]',
      ].join('\n'),
    );
    const objects = kustomize(join(dir, 'overlay'));
    expect(objects.map((o) => `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`)).toEqual([
      'ConfigMap/demo/app-config',
      'Deployment/demo/app',
      'Secret/demo/app-secrets',
    ]);
    expect(objects[0]).toMatchObject({ data: { A: '1', B: '3', C: '4' } });
    const deployment = objects[1] as unknown as {
      spec: {
        replicas: number;
        template: { spec: { containers: Array<{ name: string; image: string; env?: unknown[] }> } };
      };
    };
    expect(deployment.spec.replicas).toBe(1);
    expect(deployment.spec.template.spec.containers).toEqual([
      {
        name: 'app',
        image: 'parley/app:local',
        env: [
          // As `kubectl kustomize` orders them: the patch's items first, then the target's others.
          { name: 'Y', value: '2' },
          { name: 'X', value: '1' },
        ],
      },
      { name: 'sidecar', image: 'other/sidecar:1.0' },
    ]);
    expect(objects[2]).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'app-secrets', namespace: 'demo' },
      type: 'Opaque',
      data: {
        TOKEN: Buffer.from('FAKE-token').toString('base64'),
        URL: Buffer.from('postgres://u:p@h/db').toString('base64'),
      },
    });
  });

  it('refuses features it does not implement instead of ignoring them', () => {
    write('overlay/kustomization.yaml', 'resources: [../base]\nreplicas: [{ name: app, count: 3 }]\n');
    expect(() => kustomize(join(dir, 'overlay'))).toThrow(/"replicas" is not supported/);
  });

  it('refuses generated names with hash suffixes, which it cannot reproduce', () => {
    write(
      'overlay/kustomization.yaml',
      'resources: [../base]\nconfigMapGenerator: [{ name: x, literals: [A=1] }]\n',
    );
    expect(() => kustomize(join(dir, 'overlay'))).toThrow(/disableNameSuffixHash/);
  });

  it('refuses a patch that matches nothing', () => {
    write(
      'overlay/patch.yaml',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: typo }\nspec: { replicas: 1 }\n',
    );
    write('overlay/kustomization.yaml', 'resources: [../base]\npatches: [{ path: patch.yaml }]\n');
    expect(() => kustomize(join(dir, 'overlay'))).toThrow(/matches nothing/);
  });
});

describe('strategicMerge', () => {
  it('merges maps, merges named list items by name, replaces other lists and deletes on null', () => {
    expect(
      strategicMerge(
        { a: { b: 1, c: 2 }, args: ['x'], items: [{ name: 'one', v: 1 }], gone: true },
        { a: { c: 3 }, args: ['y'], items: [{ name: 'one', w: 2 }, { name: 'two' }], gone: null },
      ),
    ).toEqual({ a: { b: 1, c: 3 }, args: ['y'], items: [{ name: 'one', v: 1, w: 2 }, { name: 'two' }] });
  });
});
