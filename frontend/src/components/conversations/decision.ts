import type { MessageLink } from '@parley/chat-display';

/**
 * The assistant's decision record (services/assistant/src/policy/decision.ts) turned into lines a
 * person reads. The record comes from another service and may grow: every field is read
 * defensively, unknown ones are ignored, and nothing here is ever rendered as markup.
 */
export interface DecisionLine {
  label: string;
  value: string;
}

const OUTCOME_TEXT: Record<string, string> = {
  answer: 'Answered from the knowledge base',
  clarify: 'Asked a clarifying question',
  'offer-person': 'Offered a person',
  booking: 'Offered a meeting',
  purchase: 'Suggested products to buy',
  handoff: 'Handed over to live support',
  'offline-form': 'Outside business hours: offered the offline form instead of a person',
  'filter-answer': 'Recorded an answer to a filter question',
  email: 'Picked up the visitor’s email',
  chitchat: 'Small talk',
  greeting: 'Greeted the visitor',
  'limit-notice': 'Request limit reached: told the visitor and offered a person',
  silent: 'Stayed silent',
};

const SOURCE_TEXT: Record<string, string> = {
  article: 'Help article',
  faq: 'Filter question answer',
  product: 'Product',
  appointment: 'Appointment type',
  shipping: 'Shipping settings',
  business: 'Business description',
};

const HANDOFF_TEXT: Record<string, string> = {
  asked: 'the visitor asked for a person',
  setting: 'the domain’s handoff setting',
  'not-helped': 'the answers did not help',
  'offer-accepted': 'the visitor accepted the offer of a person',
  'no-knowledge': 'nothing in the knowledge base fits',
};

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const rec = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const percent = (v: number) => `${Math.round(Math.min(1, Math.max(0, v)) * 100)}%`;

/**
 * The title of the knowledge item a message links to, by `<kind>:<id>`: an answer's link to a
 * help article carries the article's title, which the decision record names only by id.
 */
export function titlesFromLink(link: MessageLink | null): ReadonlyMap<string, string> {
  if (!link?.title || link.action?.kind !== 'article') return new Map();
  return new Map([[`article:${link.action.articleId}`, link.title]]);
}

/** `titles` names knowledge items by `<kind>:<id>` where the page knows them (products, say). */
export function decisionLines(
  decision: Record<string, unknown>,
  titles: ReadonlyMap<string, string> = new Map(),
): DecisionLine[] {
  const lines: DecisionLine[] = [];
  const outcome = str(decision.outcome);
  if (outcome) lines.push({ label: 'What it did', value: OUTCOME_TEXT[outcome] ?? outcome });
  const intent = str(decision.intent);
  const confidence = num(decision.confidence);
  if (intent)
    lines.push({
      label: 'Understood as',
      value: confidence === null ? intent : `${intent} (${percent(confidence)} sure)`,
    });
  const source = rec(decision.source);
  const kind = str(source?.kind);
  const id = str(source?.id);
  if (kind && id) {
    const title = titles.get(`${kind}:${id}`);
    lines.push({ label: 'Source', value: `${SOURCE_TEXT[kind] ?? kind}${title ? `: ${title}` : ''}` });
  }
  const handoff = rec(decision.handoff);
  const reason = str(handoff?.reason);
  if (reason) {
    const setting = str(handoff?.setting);
    const why = HANDOFF_TEXT[reason] ?? reason;
    lines.push({
      label: 'Handoff',
      value: reason === 'setting' && setting ? `${why} (${setting})` : why,
    });
  }
  const engine = str(decision.engine);
  const fallback = str(decision.fallback);
  if (engine)
    lines.push({
      label: 'Engine',
      value:
        engine !== 'language-model'
          ? 'Retrieval'
          : fallback
            ? `Language model failed (${fallback}): the retrieval answer was sent`
            : 'Language model',
    });
  const error = str(decision.engineError);
  if (error) lines.push({ label: 'Engine problem', value: error });
  const why = Array.isArray(decision.why) ? decision.why.flatMap((w) => (str(w) ? [str(w)!] : [])) : [];
  if (why.length) lines.push({ label: 'Steps', value: why.join(' · ') });
  return lines;
}
