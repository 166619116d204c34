// Schemas of the operators' custom resources the overlays use, which kubernetes-models does not
// have: JSON schemas in k8s/test/crds/, named <group>_<version>_<Kind>.json, checked with ajv.
import Ajv, { type ValidateFunction } from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { K8sObject } from '../../scripts/lib/kustomize.mjs';

const CRDS = join(__dirname, 'crds');
const ajv = new Ajv({ allErrors: true, strict: true });
const compiled = new Map<string, ValidateFunction | undefined>();

function schemaFile(object: K8sObject): string {
  return join(CRDS, `${object.apiVersion.replace('/', '_')}_${object.kind}.json`);
}

function validatorFor(object: K8sObject): ValidateFunction | undefined {
  const file = schemaFile(object);
  if (!compiled.has(file))
    compiled.set(file, existsSync(file) ? ajv.compile(JSON.parse(readFileSync(file, 'utf8'))) : undefined);
  return compiled.get(file);
}

/** Whether the object is a custom resource with a schema here (instead of kubernetes-models). */
export function hasCrdSchema(object: K8sObject): boolean {
  return object.apiVersion.includes('/') && validatorFor(object) !== undefined;
}

/** One message per problem, as `Kind name: /path message`. */
export function crdErrors(object: K8sObject): string[] {
  const validate = validatorFor(object);
  if (!validate)
    return [`${object.kind} ${object.metadata?.name}: no schema for ${object.apiVersion} ${object.kind}`];
  const data: unknown = object;
  if (validate(data)) return [];
  return (validate.errors ?? []).map(
    (e) =>
      `${object.kind} ${object.metadata?.name}: ${e.instancePath || '/'} ${e.message}${
        e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''
      }`,
  );
}
