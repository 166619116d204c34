import type { DomainConfig } from '@parley/contracts';
import type { EngineReply, Intent, Retrieved, Understanding } from '../engine/types';
import type { DomainKnowledge, SourceRef } from '../knowledge/model';
import { decide } from './decide';
import { outcomeFacts } from './facts';
import type { EngineOutcome, PolicyAction, PolicyInput, PolicyOutcome, Usage } from './io';
import { evolve, initialConversationState, type ConversationState, type PolicyFact } from './state';

/**
 * Test kit for the policy, in the house's given/when/then form:
 *
 *   given(visitor('m1', 'hi'), bot('m1:greeting', ...)).when(message('m2', 'ok'), { engine }).posts()
 *
 * and `talk(...)` for whole conversations, applying each turn's facts the way the service does.
 */

export const config = (overrides: Partial<DomainConfig> = {}): DomainConfig => ({
  personality: 'friendly',
  tone: 'casual',
  businessDescription: 'Hand-made mugs.',
  industry: 'retail',
  responseStyle: 'concise',
  handoff: 'moderate',
  shippingEnabled: true,
  shippingTime: '3-5',
  shippingRegions: ['domestic'],
  shippingCosts: {},
  freeShippingThreshold: 50,
  ...overrides,
});

export const knowledge = (overrides: Partial<DomainKnowledge> = {}): DomainKnowledge => ({
  domainId: 'd1',
  revision: 1,
  accountId: 'a1',
  domain: 'mugs.example',
  welcomeMessage: 'Welcome to Mugs! Ask us anything.',
  config: config(),
  filterQuestions: [
    { id: 'q-budget', question: 'What is your budget?', answer: 'We have mugs from $10.' },
    { id: 'q-use', question: 'Is it a gift?', answer: 'We gift-wrap for free.' },
  ],
  articles: [
    {
      id: 'art-ship',
      title: 'Shipping',
      question: 'How long does shipping take?',
      answer: '3-5 business days.',
      content: '',
      category: 'shipping',
      tags: [],
    },
  ],
  products: [
    {
      id: 'p-blue',
      name: 'Blue mug',
      description: 'A blue mug',
      productType: 'mug',
      price: 20,
      hasDiscount: false,
      discount: 0,
      productUrl: null,
      variants: [],
    },
    {
      id: 'p-red',
      name: 'Red mug',
      description: 'A red mug',
      productType: 'mug',
      price: 25,
      hasDiscount: true,
      discount: 20,
      productUrl: null,
      variants: [],
    },
  ],
  appointmentTypes: [{ id: 'apt-call', name: 'Discovery Call', appointmentType: 'Video call', price: 0 }],
  ...overrides,
});

const ref = (kind: SourceRef['kind'], id: string): SourceRef => ({ kind, id });
const candidate = (source: SourceRef, confidence: number): Retrieved => ({
  source,
  score: confidence * 10,
  confidence,
});

function reply(kind: EngineReply['kind'], text: string, extra: Partial<EngineReply> = {}): EngineReply {
  return { kind, text, source: null, link: null, productIds: [], confidence: 0.3, candidates: [], ...extra };
}

/** What an engine made of a message. */
export const engine = {
  answers(
    intent: Intent,
    text: string,
    extra: Partial<EngineReply> & { email?: string | null } = {},
  ): EngineOutcome {
    const { email = null, ...rest } = extra;
    const source = rest.source === undefined ? ref('article', 'art-ship') : rest.source;
    const r = reply('answer', text, {
      confidence: 0.9,
      candidates: source ? [candidate(source, 0.9)] : [],
      ...rest,
      source,
    });
    return { ok: true, engine: 'retrieval', understanding: { intent, confidence: 0.9, email }, reply: r };
  },
  clarifies(intent: Intent = 'question'): EngineOutcome {
    const r = reply('clarify', 'Did you mean shipping or returns?', {
      candidates: [candidate(ref('article', 'art-ship'), 0.4), candidate(ref('faq', 'q-use'), 0.3)],
    });
    return {
      ok: true,
      engine: 'retrieval',
      understanding: { intent, confidence: 0.4, email: null },
      reply: r,
    };
  },
  offersPerson(intent: Intent = 'question'): EngineOutcome {
    const r = reply('offer-person', 'I could not find that. Shall I get you a person?', { confidence: 0.1 });
    return {
      ok: true,
      engine: 'retrieval',
      understanding: { intent, confidence: 0.2, email: null },
      reply: r,
    };
  },
  /** Understood the intent; the reply is whatever the engine says for it (text unused by the policy for some intents). */
  understands(intent: Intent, extra: Partial<EngineReply> & { email?: string | null } = {}): EngineOutcome {
    const { email = null, ...rest } = extra;
    const r = reply(rest.kind ?? 'answer', rest.text ?? 'Sure.', { source: null, confidence: 0.8, ...rest });
    return { ok: true, engine: 'retrieval', understanding: { intent, confidence: 0.8, email }, reply: r };
  },
  fails(error = 'provider timed out'): EngineOutcome {
    return { ok: false, engine: 'language-model', understanding: null, error };
  },
};

export const allowed: Usage = { allowed: true };
/** An engine's reading of a message it was not asked to answer. */
export const reading = (intent: Intent, email: string | null = null): Understanding => ({
  intent,
  confidence: 0.9,
  email,
});
export const limitReached = (period = '2030-01'): Usage => ({ allowed: false, period });

/** Room facts. */
export const visitor = (id: string, text = `message ${id}`): PolicyFact => ({
  type: 'VisitorMessaged',
  id,
  text,
});
export const team = (id: string, text = 'Hi, this is Olivia.'): PolicyFact => ({
  type: 'TeamReplied',
  id,
  text,
});
export const live = (on: boolean): PolicyFact => ({ type: 'LiveSwitched', live: on });

export interface Said {
  outcome: PolicyOutcome;
  state: ConversationState;
  /** The post actions' texts, in order. */
  texts: string[];
  posts: Extract<PolicyAction, { type: 'post' }>[];
  /** Action types in order, posts as `post:<part>`. */
  steps: string[];
}

function said(outcome: PolicyOutcome, state: ConversationState): Said {
  const posts = outcome.actions.filter(
    (a): a is Extract<PolicyAction, { type: 'post' }> => a.type === 'post',
  );
  return {
    outcome,
    state,
    posts,
    texts: posts.map((p) => p.content),
    steps: outcome.actions.map((a) => (a.type === 'post' ? `post:${a.part}` : a.type)),
  };
}

export interface Say {
  id: string;
  text: string;
  engine?: EngineOutcome | null;
  /** The engine's reading alone, when it was not asked for an answer (at the request limit). */
  understanding?: Understanding;
  usage?: Usage;
  knowledge?: DomainKnowledge;
  /** The room went live while the message was being answered. */
  interrupted?: boolean;
  /** Outside the domain's business hours (issue 17). */
  outOfHours?: boolean;
}

function input(say: Say, k: DomainKnowledge): PolicyInput {
  return {
    message: { id: say.id, text: say.text },
    knowledge: say.knowledge ?? k,
    usage: say.usage ?? allowed,
    engine:
      say.engine === undefined ? engine.answers('question', 'Shipping takes 3-5 business days.') : say.engine,
    ...(say.understanding ? { understanding: say.understanding } : {}),
    ...(say.interrupted ? { interrupted: true } : {}),
    ...(say.outOfHours ? { inHours: false } : {}),
  };
}

export function given(...facts: PolicyFact[]) {
  const state = facts.reduce(evolve, initialConversationState);
  return {
    state,
    when(say: Say, k: DomainKnowledge = knowledge()): Said {
      return said(decide(state, input(say, k)), state);
    },
  };
}

/**
 * A conversation: each message is decided on the room as it stands, then the room evolves the
 * way the service evolves it (the visitor's fact, then the decision's own facts). Returns every
 * turn's result.
 */
export function talk<const T extends readonly Say[]>(
  k: DomainKnowledge,
  says: T,
  start: PolicyFact[] = [],
): { [K in keyof T]: Said } {
  let state = start.reduce(evolve, initialConversationState);
  return says.map((say) => {
    const outcome = decide(state, input(say, k));
    const before = state;
    state = [visitor(say.id, say.text), ...outcomeFacts(outcome)].reduce(evolve, state);
    return { ...said(outcome, before), state };
  }) as { [K in keyof T]: Said };
}

/** The i-th item, failing the test when there is none. */
export function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`expected an item at ${i} of ${list.length}`);
  return item;
}
