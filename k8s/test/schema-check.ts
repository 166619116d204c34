// Checks rendered objects against the Kubernetes API schemas from the kubernetes-models package:
// its validators catch wrong types, bad enum values and missing required fields, and the package's
// TypeScript declarations (checked with the compiler's excess-property rule) catch misspelt or
// unknown fields, which the validators let through. Operators' custom resources (ServiceMonitor)
// are checked against the JSON schemas in k8s/test/crds/ instead (crd-schemas.ts).
import { dirname, join } from 'node:path';
import ts from 'typescript';
import type { K8sObject } from '../../scripts/lib/kustomize.mjs';
import { customResourceErrors, isCustomResource } from './crd-check';

const repoRoot = join(__dirname, '..', '..');

/** kubernetes-models' module for an apiVersion and kind: 'apps/v1' + 'Deployment' -> 'kubernetes-models/apps/v1/Deployment'. */
function modelModule(object: K8sObject): string {
  if (!/^[a-z0-9.]+\/v[0-9a-z]+$|^v1$/.test(object.apiVersion) || !/^[A-Z][A-Za-z]+$/.test(object.kind)) {
    throw new Error(`unexpected apiVersion/kind ${object.apiVersion} ${object.kind}`);
  }
  return `kubernetes-models/${object.apiVersion}/${object.kind}`;
}

const describe = (o: K8sObject) => `${o.kind} ${o.metadata?.name}`;

/** Runtime validation; returns one message per invalid object. */
export function modelErrors(objects: K8sObject[]): string[] {
  const errors: string[] = [];
  for (const object of objects) {
    let Model: new (data: unknown) => { validate(): void };
    try {
      Model = require(modelModule(object))[object.kind];
    } catch {
      errors.push(`${describe(object)}: no schema for ${object.apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (e) {
      errors.push(`${describe(object)}: ${(e as Error).message}`);
    }
  }
  return errors;
}

/**
 * Type-checks every object as an object literal of its kubernetes-models interface, so fields the
 * API does not have are reported ("Object literal may only specify known properties").
 */
export function unknownFieldErrors(all: K8sObject[]): string[] {
  // Custom resources' schemas refuse unknown fields themselves (crd-check.ts).
  const objects = all.filter((o) => !isCustomResource(o));
  const file = join(repoRoot, 'k8s', 'test', '__rendered__.ts');
  const lines: string[] = [];
  objects.forEach((object, i) => {
    lines.push(`import type { I${object.kind} as T${i} } from '${modelModule(object)}';`);
  });
  objects.forEach((object, i) => {
    lines.push(`// ${describe(object)}`);
    lines.push(`export const o${i}: T${i} = ${JSON.stringify(object, null, 1)};`);
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError) =>
    name === file
      ? ts.createSourceFile(name, source, language, true)
      : getSourceFile(name, language, onError);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  host.getCurrentDirectory = () => dirname(file);
  const program = ts.createProgram([file], options, host);
  const sourceFile = program.getSourceFile(file)!;
  return ts.getPreEmitDiagnostics(program, sourceFile).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file && d.start !== undefined) {
      const { line } = d.file.getLineAndCharacterOfPosition(d.start);
      // Name the object the error sits in: the nearest `// Kind name` comment above it.
      const above = source
        .split('\n')
        .slice(0, line + 1)
        .reverse()
        .find((l) => l.startsWith('// '));
      return `${above?.slice(3) ?? 'object'}: ${message}`;
    }
    return message;
  });
}

/** Kubernetes' own kinds against kubernetes-models; operators' kinds against crds/ (crd-check.ts). */
export function schemaErrors(objects: K8sObject[]): string[] {
  const builtIn = objects.filter((o) => !isCustomResource(o));
  const custom = objects.filter(isCustomResource);
  return [...modelErrors(builtIn), ...unknownFieldErrors(builtIn), ...customResourceErrors(custom)];
}
