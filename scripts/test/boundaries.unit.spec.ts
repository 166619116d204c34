// The boundary check (.dependency-cruiser.cjs, a step of `npm test`) run on a small fixture tree:
// it must fail on each kind of wrong import and let the allowed ones through.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { boundaryCheckArgs } from '../lib/boundaries.mjs';

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Files that break no rule: each program uses its own code and packages/. */
const allowed: Record<string, string> = {
  'packages/contracts/src/index.ts': 'export const contract = 1;\n',
  'packages/chat-display/src/index.ts':
    "import { contract } from '../../contracts/src/index';\nexport const display = contract;\n",
  'packages/db/src/index.ts':
    "import { contract } from '../../contracts/src/index';\nexport const db = contract;\n",
  'services/alpha/src/main.ts':
    "import { db } from '../../../packages/db/src/index';\nimport { own } from './own';\nexport const alpha = db + own;\n",
  'services/alpha/src/own.ts': 'export const own = 1;\n',
  'services/beta/src/thing.ts': 'export const thing = 2;\n',
  // Tests may reach into another program.
  'services/alpha/src/main.int.spec.ts':
    "import { thing } from '../../beta/src/thing';\nexport const t = thing;\n",
  'services/alpha/test/support.ts':
    "import { thing } from '../../beta/src/thing';\nexport const s = thing;\n",
  'widget/app/chat.ts':
    "import { contract } from '../../packages/contracts/src/index';\nimport { display } from '../../packages/chat-display/src/index';\nexport const chat = contract + display;\n",
  'gateway/src/realtime/channels.ts': 'export const channel = 1;\n',
  'gateway/src/socket/server.ts':
    "import { channel } from '../realtime/channels';\nexport const server = channel;\n",
  'gateway/src/http/routes/messages.ts': 'export const route = 1;\n',
};

/** One wrong import per rule, named by the rule it breaks. */
const wrong: Record<string, { file: string; text: string; to: string }> = {
  'no-program-imports-another': {
    file: 'services/alpha/src/reaches-in.ts',
    text: "import { thing } from '../../beta/src/thing';\nexport const r = thing;\n",
    to: 'services/beta/src/thing.ts',
  },
  'browser-imports-only-contracts-and-chat-display': {
    file: 'widget/app/server-side.ts',
    text: "import { db } from '../../packages/db/src/index';\nexport const w = db;\n",
    to: 'packages/db/src/index.ts',
  },
  'browser-imports-no-node-builtins': {
    file: 'widget/app/reads-files.ts',
    text: "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n",
    to: 'fs',
  },
  'packages-import-no-program': {
    file: 'packages/db/src/uses-service.ts',
    text: "import { own } from '../../../services/alpha/src/own';\nexport const u = own;\n",
    to: 'services/alpha/src/own.ts',
  },
  'gateway-realtime-does-not-import-socket': {
    file: 'gateway/src/realtime/starts-server.ts',
    text: "import { server } from '../socket/server';\nexport const s = server;\n",
    to: 'gateway/src/socket/server.ts',
  },
  'gateway-socket-does-not-borrow-http-routes': {
    file: 'gateway/src/socket/borrows-route.ts',
    text: "import { route } from '../http/routes/messages';\nexport const b = route;\n",
    to: 'gateway/src/http/routes/messages.ts',
  },
  'no-circular': {
    file: 'packages/db/src/loop-a.ts',
    text: "import { b } from './loop-b';\nexport const a = () => b;\n",
    to: 'packages/db/src/loop-b.ts',
  },
};
const loopB = { 'packages/db/src/loop-b.ts': "import { a } from './loop-a';\nexport const b = () => a;\n" };

function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'parley-boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Runs the check as `npm test` does (its exit status) and again for its findings as JSON. */
function check(root: string): { status: number | null; output: string; violations: Violation[] } {
  const run = (outputType: 'err' | 'json') =>
    spawnSync(
      process.execPath,
      boundaryCheckArgs({ folders: ['services', 'gateway', 'packages', 'widget'], outputType }),
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
  const asNpmTest = run('err');
  const json = run('json');
  if (!json.stdout) throw new Error(`the check printed nothing: ${json.stderr}`);
  const { violations } = (JSON.parse(json.stdout) as { summary: { violations: Violation[] } }).summary;
  return { status: asNpmTest.status, output: asNpmTest.stdout, violations };
}

describe('the boundary check', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

  it('passes a tree whose programs import only their own code and packages/ (tests may reach in)', () => {
    const root = fixture(allowed);
    roots.push(root);
    const { status, violations } = check(root);
    expect(violations).toEqual([]);
    expect(status).toBe(0);
  });

  it('fails on each deliberately wrong import, naming the rule it breaks', () => {
    const files: Record<string, string> = { ...allowed, ...loopB };
    for (const w of Object.values(wrong)) files[w.file] = w.text;
    const root = fixture(files);
    roots.push(root);
    const { status, output, violations } = check(root);
    expect(status).not.toBe(0);
    expect(output).toContain('error no-program-imports-another: services/alpha/src/reaches-in.ts');
    const found = violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    const expected = Object.entries(wrong).map(([rule, w]) => `${rule}: ${w.file} -> ${w.to}`);
    expect(found).toEqual(expected.sort());
  });
});
