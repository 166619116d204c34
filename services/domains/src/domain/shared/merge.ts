/**
 * Applies a validated partial update to a settings document: a key present with a value sets it,
 * a key present as undefined (a blank optional text) clears it, an absent key is left alone.
 */
export function mergeChanges<T extends object>(current: T, changes: Partial<T>): T {
  const next = { ...current } as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as T;
}

/** Deep equality of JSON documents, key order ignored: an update that changes nothing records nothing. */
export function sameDocument(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  );
}
