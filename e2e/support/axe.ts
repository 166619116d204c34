// axe-core in the browser specs: its source is evaluated in the page or frame under audit (through
// the DevTools protocol, so the pages' own Content-Security-Policy does not stop it) and run with
// the WCAG 2.1 A and AA rules.
import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  /** Each offending element: its selector and axe's summary of what is wrong. */
  nodes: Array<{ target: string; summary: string }>;
}

interface RawResult {
  id: string;
  impact: Impact | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Every WCAG 2.1 A/AA violation axe finds in the document of `target` as it is now. */
export async function axeViolations(target: Page | Frame): Promise<AxeViolation[]> {
  const loaded = await target.evaluate('typeof window.axe === "object"');
  if (!loaded) await target.evaluate(AXE_SOURCE);
  const raw = (await target.evaluate(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_21_AA)} }, resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })))`,
  )) as RawResult[];
  return raw.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), summary: n.failureSummary ?? '' })),
  }));
}

/** The violations that fail a page: serious or critical. */
export const blocking = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/** One line per offending element, so a failing test says what to fix. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: [${v.impact}] ${v.id} (${v.help}) at ${n.target}: ${n.summary}`),
  );
}

/** Audits `target` and returns the blocking findings as lines ([] when it passes). */
export async function auditBlocking(where: string, target: Page | Frame): Promise<string[]> {
  return describeViolations(where, blocking(await axeViolations(target)));
}
