// Checks custom resources (operators' kinds: CloudNativePG's Cluster, ...) against the JSON
// schemas in crds/, derived from the operators' own CRDs by crds/derive.mjs. A kind is checked
// here when a schema for its apiVersion and kind is in that folder; adding an operator's kind is
// adding its file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import type { K8sObject } from '../../scripts/lib/kustomize.mjs';

interface DerivedSchema {
  apiVersion: string;
  kind: string;
  source: string;
  schema: object;
}

const CRDS_DIR = join(__dirname, 'crds');
const key = (apiVersion: string, kind: string) => `${apiVersion} ${kind}`;

let validators: Map<string, ValidateFunction> | undefined;

function loadValidators(): Map<string, ValidateFunction> {
  if (validators) return validators;
  // strict off: the CRDs carry OpenAPI keywords (nullable) a strict JSON-schema compiler rejects.
  const ajv = new Ajv({ allErrors: true, strict: false });
  validators = new Map();
  for (const file of readdirSync(CRDS_DIR).filter((f) => f.endsWith('.schema.json'))) {
    const derived = JSON.parse(readFileSync(join(CRDS_DIR, file), 'utf8')) as DerivedSchema;
    validators.set(key(derived.apiVersion, derived.kind), ajv.compile(derived.schema));
  }
  return validators;
}

/** Whether the object is of a kind an operator defines and crds/ holds the schema of. */
export function isCustomResource(object: K8sObject): boolean {
  return loadValidators().has(key(object.apiVersion, object.kind));
}

/** One message per problem, naming the object and the field's path. */
export function customResourceErrors(objects: K8sObject[]): string[] {
  const errors: string[] = [];
  for (const object of objects) {
    const name = `${object.kind} ${object.metadata?.name}`;
    const validate = loadValidators().get(key(object.apiVersion, object.kind));
    if (!validate) {
      errors.push(`${name}: no schema for ${object.apiVersion} ${object.kind}`);
      continue;
    }
    if (validate(object)) continue;
    for (const e of validate.errors ?? []) {
      const extra =
        e.keyword === 'additionalProperties'
          ? ` (${(e.params as { additionalProperty: string }).additionalProperty})`
          : '';
      errors.push(`${name}: ${e.instancePath || '/'} ${e.message}${extra}`);
    }
  }
  return errors;
}
