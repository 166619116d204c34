import { randomBytes } from 'node:crypto';

/** A fresh EVENT_NAMESPACE for one test: 't' + 8 hex chars, e.g. 't3f9a1c2'. */
export function randomNamespace(): string {
  return `t${randomBytes(4).toString('hex')}`;
}
