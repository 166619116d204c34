// The README's configuration tables stay true: every variable a program's schema knows is
// documented under the program, and nothing documented is unknown to it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_MODULES, loadProgramSchema, repoRoot, type ProgramName } from './support/config-schemas';

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** The variables in the table under `### <program>`. */
function documented(program: string): string[] {
  const start = readme.search(new RegExp(`^### ${program}\\b`, 'm'));
  if (start < 0) throw new Error(`README.md has no "### ${program}" section`);
  const rest = readme.slice(start + 4);
  const end = rest.search(/^#{2,3} /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^\| `([A-Z0-9_]+)`\s*\|/gm)].map((m) => m[1]!);
}

describe('README.md configuration', () => {
  it.each(Object.keys(CONFIG_MODULES) as ProgramName[])(
    'documents exactly the variables %s reads',
    (program) => {
      const schema = loadProgramSchema(program);
      const listed = documented(program);
      expect(schema.schemaKeys.filter((k) => !listed.includes(k))).toEqual([]);
      expect(listed.filter((k) => !schema.known.has(k))).toEqual([]);
    },
  );

  it('names the local inbox, the admin credentials file and both commands', () => {
    expect(readme).toContain('http://localhost:1080');
    expect(readme).toContain('.run/secrets.env');
    expect(readme).toMatch(/npm ci[\s\S]*npm start[\s\S]*npm test/);
  });
});
