import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

// The validator ships as an ES module only (it reads its schemas through import.meta.url), which
// jest's CommonJS runtime cannot load: it runs in a node of its own, the document on stdin.
const SCRIPT = `
import { Validator } from '@seriousme/openapi-schema-validator';
let text = '';
for await (const chunk of process.stdin) text += chunk;
const validator = new Validator();
const result = await validator.validate(JSON.parse(text));
console.log(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? null }));
`;

/** Checks a document against the OpenAPI specification's own JSON Schema (3.1 for `openapi: 3.1.x`). */
export async function validateOpenApi(
  document: unknown,
): Promise<{ valid: boolean; version: string; errors: unknown }> {
  const child = run(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: __dirname });
  child.child.stdin?.end(JSON.stringify(document));
  const { stdout } = await child;
  return JSON.parse(stdout) as { valid: boolean; version: string; errors: unknown };
}
