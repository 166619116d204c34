// What the dead-letters command prints.
import type { ParkedLetter } from '@parley/projections';
import type { ReplayOutcome, TargetLetters } from './commands';

const ERROR_WIDTH = 300;

export function formatList(results: TargetLetters[]): string[] {
  const lines: string[] = [];
  let total = 0;
  for (const r of results) {
    const where = `${r.target.service} (${r.target.database})`;
    if (r.kind === 'no-database') lines.push(`${where}: no database yet (the service has not run)`);
    else if (r.kind === 'unreachable') lines.push(`${where}: could not be read: ${r.error}`);
    else if (r.letters.length === 0) lines.push(`${where}: no dead letters`);
    else {
      total += r.letters.length;
      lines.push(`${where}: ${r.letters.length} dead letter${r.letters.length === 1 ? '' : 's'}`);
      for (const letter of r.letters) lines.push(...formatLetter(r.target.service, letter));
    }
  }
  lines.push(
    total === 0
      ? 'Nothing parked.'
      : `${total} parked. Replay one, once its cause is fixed: npm run dead-letters -- replay <id>`,
  );
  return lines;
}

function formatLetter(service: string, l: ParkedLetter): string[] {
  const facts = [
    `${service}/${l.id}`,
    l.projection,
    l.namespace ? `namespace ${l.namespace}` : '',
    `event ${l.sequence}`,
    l.eventType ?? '(no type)',
    `on ${l.subject}`,
    `parked ${l.parkedAt.toISOString()}`,
    `after ${l.attempts} attempt${l.attempts === 1 ? '' : 's'}`,
    l.replayRequestedAt ? `replay asked ${l.replayRequestedAt.toISOString()}` : '',
  ].filter(Boolean);
  const error = l.error.length > ERROR_WIDTH ? `${l.error.slice(0, ERROR_WIDTH)}…` : l.error;
  return [`  ${facts.join('  ')}`, `    ${error.replace(/\s+/g, ' ')}`];
}

export function formatReplay(o: ReplayOutcome): string {
  switch (o.kind) {
    case 'replayed':
      return `${o.ref}: replayed — its event is applied`;
    case 'already-replayed':
      return `${o.ref}: already replayed at ${o.replayedAt.toISOString()}; nothing to do`;
    case 'failed':
      return `${o.ref}: the replay failed again (attempt ${o.attempts}); still parked: ${o.error}`;
    case 'waiting':
      return `${o.ref}: replay asked; no runner of ${o.projection} took it up yet — it is applied when its service runs`;
    case 'missing':
      return `${o.ref}: ${o.reason}`;
  }
}

/** 0 when every replay is done, 1 when one failed or named nothing, 2 when one is still waiting. */
export function replayExitCode(outcomes: ReplayOutcome[]): number {
  if (outcomes.some((o) => o.kind === 'failed' || o.kind === 'missing')) return 1;
  if (outcomes.some((o) => o.kind === 'waiting')) return 2;
  return 0;
}
