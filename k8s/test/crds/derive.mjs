// Derives the compact JSON schemas in this folder from operators' CustomResourceDefinitions:
//   node k8s/test/crds/derive.mjs <source-label> <crd.yaml>...
// For each CRD it keeps the served storage version's openAPIV3Schema without descriptions,
// defaults, formats and CEL rules (which a JSON-schema validator cannot run), turns
// int-or-string into anyOf, and closes every object that lists its properties
// (additionalProperties: false) unless the CRD preserves unknown fields: the API server would
// silently drop a misspelt field, which is what the check is for. Writes <group>_<version>_<kind>.schema.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const DROP = new Set([
  'description',
  'default',
  'format',
  'x-kubernetes-validations',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-embedded-resource',
]);

function compact(node) {
  if (Array.isArray(node)) return node.map(compact);
  if (!node || typeof node !== 'object') return node;
  if (node['x-kubernetes-int-or-string']) return { anyOf: [{ type: 'integer' }, { type: 'string' }] };
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROP.has(key) || key === 'x-kubernetes-preserve-unknown-fields') continue;
    // `properties` maps names to schemas: its keys are field names, never keywords.
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, compact(schema)]))
        : compact(value);
  }
  if (
    out.properties &&
    !node['x-kubernetes-preserve-unknown-fields'] &&
    out.additionalProperties === undefined
  )
    out.additionalProperties = false;
  return out;
}

const [source, ...files] = process.argv.slice(2);
if (!source || files.length === 0) {
  console.error('usage: node k8s/test/crds/derive.mjs <source-label> <crd.yaml>...');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
for (const file of files) {
  for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
    const crd = doc.toJS();
    if (crd?.kind !== 'CustomResourceDefinition') continue;
    const version = crd.spec.versions.find((v) => v.storage) ?? crd.spec.versions[0];
    const schema = compact(version.schema.openAPIV3Schema);
    // The status is the operator's to write; manifests never carry it.
    delete schema.properties.status;
    const apiVersion = `${crd.spec.group}/${version.name}`;
    const kind = crd.spec.names.kind;
    const out = join(here, `${crd.spec.group}_${version.name}_${kind.toLowerCase()}.schema.json`);
    writeFileSync(out, `${JSON.stringify({ apiVersion, kind, source, schema })}\n`);
    console.log(`${apiVersion} ${kind} -> ${out}`);
  }
}
