export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [key: string]: unknown };
  [key: string]: unknown;
};
export function parseYamlDocuments(text: string, source: string): K8sObject[];
export function parseEnvFile(text: string, source: string): Array<[string, string]>;
export function strategicMerge<T>(target: T, patch: unknown): T;
/** Renders the kustomization in `dir`. */
export function kustomize(dir: string): K8sObject[];
