// A small renderer for the kustomize features k8s/ uses, so the manifests can be rendered and
// checked on machines without kubectl. Anything else in a kustomization is refused rather than
// silently ignored; where kubectl is on PATH the tests also compare this output with
// `kubectl kustomize`.
//
// Supported: resources (files and directories), namespace, images (newName/newTag/digest),
// configMapGenerator and secretGenerator (literals, envs, files; behavior create/merge/replace)
// with generatorOptions.disableNameSuffixHash: true, and patches given as strategic-merge files
// or inline text (maps merged, lists of named items merged by name in kubectl's order, other lists
// replaced).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseAllDocuments } from 'yaml';

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'images',
  'configMapGenerator',
  'secretGenerator',
  'generatorOptions',
  'patches',
]);
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'PriorityClass',
]);

export function parseYamlDocuments(text, source) {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${source}: ${doc.errors[0].message}`);
      return doc.toJS();
    })
    .filter((o) => o !== null && o !== undefined);
}

function readKustomization(dir) {
  for (const name of ['kustomization.yaml', 'kustomization.yml', 'Kustomization']) {
    const path = join(dir, name);
    if (existsSync(path)) return parseYamlDocuments(readFileSync(path, 'utf8'), path)[0] ?? {};
  }
  throw new Error(`no kustomization file in ${dir}`);
}

const idOf = (o) => `${o.kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name}`;

/** `KEY=value` lines, as kustomize reads an env file: blank lines and # comments skipped. */
export function parseEnvFile(text, source) {
  const pairs = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`${source}:${i + 1}: expected KEY=value`);
    pairs.push([line.slice(0, eq), line.slice(eq + 1)]);
  });
  return pairs;
}

function generatorData(dir, generator) {
  const pairs = [];
  for (const literal of generator.literals ?? []) {
    const eq = literal.indexOf('=');
    pairs.push([literal.slice(0, eq), literal.slice(eq + 1)]);
  }
  for (const file of generator.envs ?? []) {
    const path = join(dir, file);
    pairs.push(...parseEnvFile(readFileSync(path, 'utf8'), path));
  }
  for (const entry of generator.files ?? []) {
    const [key, file] = entry.includes('=') ? entry.split('=', 2) : [basename(entry), entry];
    pairs.push([key, readFileSync(join(dir, file), 'utf8')]);
  }
  return Object.fromEntries(pairs);
}

function generate(dir, generator, kind) {
  const data = generatorData(dir, generator);
  const object = { apiVersion: 'v1', kind, metadata: { name: generator.name } };
  if (generator.namespace) object.metadata.namespace = generator.namespace;
  if (kind === 'Secret') {
    object.type = generator.type ?? 'Opaque';
    object.data = Object.fromEntries(
      Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')]),
    );
  } else {
    object.data = data;
  }
  return object;
}

const isMap = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/**
 * A deep copy made of this module's own objects. structuredClone's copies have the prototypes of
 * the realm it comes from, which under jest is not the test's: the kubectl comparison
 * (isDeepStrictEqual) then sees a patched-in subtree as different.
 */
const clone = (v) =>
  Array.isArray(v)
    ? v.map(clone)
    : isMap(v)
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)]))
      : v;

/** Strategic merge as kustomize applies it to the fields k8s/ patches. */
export function strategicMerge(target, patch) {
  if (!isMap(target) || !isMap(patch)) return clone(patch);
  const out = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (Array.isArray(value) && Array.isArray(out[key]) && value.every((v) => isMap(v) && 'name' in v)) {
      // As `kubectl kustomize` orders them: the patch's items in its order (merged with the
      // target's item of the same name), then the target's items the patch does not name.
      const target = out[key];
      const patched = value.map((v) => {
        const match = target.find((item) => item?.name === v.name);
        return match ? strategicMerge(match, v) : clone(v);
      });
      out[key] = [...patched, ...target.filter((item) => !value.some((v) => v.name === item?.name))];
    } else if (isMap(value) && isMap(out[key])) out[key] = strategicMerge(out[key], value);
    else out[key] = clone(value);
  }
  return out;
}

function podSpecs(object) {
  const spec = object.spec ?? {};
  if (object.kind === 'Pod') return [spec];
  if (object.kind === 'CronJob') return [spec.jobTemplate?.spec?.template?.spec].filter(Boolean);
  return [spec.template?.spec].filter(Boolean);
}

/** kustomize's image name match: the name alone, or followed by a tag or digest. */
function imageMatches(image, name) {
  return image === name || image.startsWith(`${name}:`) || image.startsWith(`${name}@`);
}

function applyImages(objects, images) {
  for (const object of objects) {
    for (const spec of podSpecs(object)) {
      for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
        const rule = images.find((i) => imageMatches(container.image, i.name));
        if (!rule) continue;
        const name = rule.newName ?? rule.name;
        if (rule.digest) container.image = `${name}@${rule.digest}`;
        else if (rule.newTag) container.image = `${name}:${rule.newTag}`;
        else {
          const rest = container.image.slice(rule.name.length);
          container.image = `${name}${rest}`;
        }
      }
    }
  }
}

/** Renders the kustomization in `dir` into a list of objects. */
export function kustomize(dir) {
  const k = readKustomization(dir);
  for (const key of Object.keys(k)) {
    if (!SUPPORTED.has(key))
      throw new Error(`${dir}: kustomize feature "${key}" is not supported by scripts/lib/kustomize.mjs`);
  }

  let objects = [];
  for (const resource of k.resources ?? []) {
    const path = join(dir, resource);
    const found = statSync(path).isDirectory()
      ? kustomize(path)
      : parseYamlDocuments(readFileSync(path, 'utf8'), path);
    for (const o of found) {
      if (objects.some((existing) => idOf(existing) === idOf(o)))
        throw new Error(`${dir}: ${idOf(o)} is defined twice`);
      objects.push(o);
    }
  }

  const generators = [
    ...(k.configMapGenerator ?? []).map((g) => [g, 'ConfigMap']),
    ...(k.secretGenerator ?? []).map((g) => [g, 'Secret']),
  ];
  if (generators.length && k.generatorOptions?.disableNameSuffixHash !== true) {
    throw new Error(
      `${dir}: generated names with hash suffixes are not supported; set generatorOptions.disableNameSuffixHash: true`,
    );
  }
  for (const [generator, kind] of generators) {
    const generated = generate(dir, generator, kind);
    const index = objects.findIndex((o) => o.kind === kind && o.metadata?.name === generator.name);
    const behavior = generator.behavior ?? 'create';
    if (behavior === 'create') {
      if (index >= 0)
        throw new Error(`${dir}: ${kind} ${generator.name} already exists (use behavior: merge)`);
      objects.push(generated);
    } else {
      if (index < 0) throw new Error(`${dir}: no ${kind} ${generator.name} to ${behavior}`);
      const existing = objects[index];
      objects[index] =
        behavior === 'merge'
          ? { ...existing, data: { ...existing.data, ...generated.data } }
          : { ...existing, data: generated.data };
    }
  }

  for (const patch of k.patches ?? []) {
    if (patch.target) throw new Error(`${dir}: patch targets (JSON6902 patches) are not supported`);
    const docs = patch.path
      ? parseYamlDocuments(readFileSync(join(dir, patch.path), 'utf8'), join(dir, patch.path))
      : parseYamlDocuments(patch.patch, `${dir} inline patch`);
    for (const doc of docs) {
      const index = objects.findIndex(
        (o) =>
          o.kind === doc.kind &&
          o.metadata?.name === doc.metadata?.name &&
          (o.apiVersion === doc.apiVersion || !doc.apiVersion),
      );
      if (index < 0) throw new Error(`${dir}: patch for ${doc.kind} ${doc.metadata?.name} matches nothing`);
      objects[index] = strategicMerge(objects[index], doc);
    }
  }

  if (k.namespace) {
    objects = objects.map((o) =>
      CLUSTER_SCOPED.has(o.kind) ? o : { ...o, metadata: { ...o.metadata, namespace: k.namespace } },
    );
  }
  if (k.images) applyImages(objects, k.images);
  return objects;
}
