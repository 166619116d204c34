// npm run dead-letters -- list | replay <id>...: the events the services' projections parked,
// and their replay once whatever refused them is fixed (docs/eventstore.md#dead-letters).
import { parseArgs } from 'node:util';
import { listAll, replay } from './commands';
import { formatList, formatReplay, replayExitCode } from './format';
import { targetsFor } from './targets';

const USAGE = `usage: npm run dead-letters -- <command> [options]

  list                     every service's dead letters not replayed yet
  replay <id>...           apply each parked event again (ids as list shows them: <service>/<id>)

options:
  --service <name>         only this service (with DATABASE_URL set: the service it belongs to)
  --profile dev|test       whose databases: npm start's (dev, default) or the e2e stack's (test;
                           PARLEY_TEST_SLOT picks the slot)
  --wait <seconds>         replay: how long to wait for the service to apply it (default 30)

DATABASE_URL, when set, is the one database read (as the service itself would read it).`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      service: { type: 'string' },
      profile: { type: 'string', default: 'dev' },
      wait: { type: 'string', default: '30' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.profile !== 'dev' && values.profile !== 'test') throw new Error('--profile must be dev or test');
  const waitSeconds = Number(values.wait);
  if (!Number.isFinite(waitSeconds) || waitSeconds < 0) throw new Error('--wait must be a number of seconds');
  const targets = targetsFor({ profile: values.profile, service: values.service, env: process.env });

  if (command === 'list') {
    if (rest.length) throw new Error(`list takes no arguments (got ${rest.join(' ')})`);
    const results = await listAll(targets);
    for (const line of formatList(results)) console.log(line);
    return results.some((r) => r.kind === 'unreachable') ? 1 : 0;
  }
  if (command === 'replay') {
    if (rest.length === 0) throw new Error('replay needs the id of a dead letter (see list)');
    const outcomes = [];
    for (const ref of rest) {
      const outcome = await replay(targets, ref, { waitMs: waitSeconds * 1000 });
      console.log(formatReplay(outcome));
      outcomes.push(outcome);
    }
    return replayExitCode(outcomes);
  }
  throw new Error(`unknown command "${command}"\n\n${USAGE}`);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  },
);
