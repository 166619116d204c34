import type { DomainConfig } from '@parley/contracts';

/**
 * How the owner's personality, tone and response style dress an answer. They choose the words
 * around the facts and how many of the facts' sentences are shown; the facts themselves are
 * passed through unchanged.
 */
type Style = Pick<DomainConfig, 'personality' | 'tone' | 'responseStyle'>;

const DEFAULT_STYLE: Style = { personality: 'friendly', tone: 'casual', responseStyle: 'conversational' };

const OPENERS: Record<Style['personality'], Record<Style['tone'], string>> = {
  professional: {
    formal: 'Certainly.',
    casual: 'Sure thing.',
    enthusiastic: 'Happy to help with that!',
    supportive: 'I can help with that.',
  },
  friendly: {
    formal: 'Thank you for asking.',
    casual: 'Good question!',
    enthusiastic: 'Great question!',
    supportive: 'Happy to help.',
  },
  humorous: {
    formal: 'An excellent question, if I may say so.',
    casual: 'Ooh, I know this one!',
    enthusiastic: 'Ooh, I know this one, and I love this one!',
    supportive: 'No worries, I have the answer right here.',
  },
  empathetic: {
    formal: 'I understand, and I am glad you asked.',
    casual: 'I totally get it.',
    enthusiastic: 'I completely understand, and I am happy to help!',
    supportive: 'I understand, and I am here to help.',
  },
};

const CLOSERS: Record<Style['tone'], string> = {
  formal: 'Please let me know if you need anything further.',
  casual: 'Anything else?',
  enthusiastic: 'Hope that helps, enjoy!',
  supportive: "I'm here if you have any other questions.",
};

/** Sentences of a text; a stop followed by a space and a capital or digit ends one ("3.5" does not). */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'(£$€])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const styleOf = (config: DomainConfig | null): Style => (config ? config : DEFAULT_STYLE);

/** How many sentences of the facts a concise reply keeps. */
export const CONCISE_SENTENCES = 2;

/**
 * The reply around `facts`. `more` is extra detail (an article's body) that only the detailed
 * style adds. Concise keeps the first sentences and no pleasantries; conversational adds an
 * opener and a closer; detailed adds the extra detail too.
 */
export function dress(config: DomainConfig | null, facts: string, more = ''): string {
  const style = styleOf(config);
  const factText = facts.trim();
  if (style.responseStyle === 'concise') return sentences(factText).slice(0, CONCISE_SENTENCES).join(' ');
  const opener = OPENERS[style.personality][style.tone];
  const closer = CLOSERS[style.tone];
  const body = style.responseStyle === 'detailed' && more.trim() ? `${factText} ${more.trim()}` : factText;
  return `${opener} ${body} ${closer}`;
}

/** Short replies (greetings, thanks) only take the personality's voice, never extra sentences. */
export function voice(config: DomainConfig | null, plain: string, warm: string): string {
  const p = styleOf(config).personality;
  return p === 'professional' ? plain : warm;
}

/**
 * One reply answering several questions: each answer's facts in turn, dressed once (one opener,
 * one closer); concise keeps every part's sentences, as each part was already kept short.
 */
export function dressAll(config: DomainConfig | null, parts: string[]): string {
  const joined = parts.map((p) => p.trim()).join(' ');
  return styleOf(config).responseStyle === 'concise' ? joined : dress(config, joined);
}
