import { HANDOFFS } from '@parley/contracts/validation';
import { z } from 'zod';
import { INTENTS } from '../engine/types';
import { SOURCE_KINDS } from '../knowledge/model';

/**
 * Why the bot said what it said: one record per visitor message, kept with every bot message of
 * that turn (PostBotMessage.decision_json) so the owner can read it, and read back by `evolve`
 * from the bot's own messages. Small by construction (a few candidates, short reasons): well under
 * 2 KB as JSON.
 */

export const OUTCOMES = [
  'answer',
  'clarify',
  'offer-person',
  'booking',
  'purchase',
  'handoff',
  /** Outside business hours a person was asked for: the widget's offline form is offered instead. */
  'offline-form',
  'filter-answer',
  'email',
  'chitchat',
  'greeting',
  'limit-notice',
  'silent',
  /** The room went live while the bot was answering: nothing is posted (the team has it). */
  'aborted',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const HANDOFF_REASONS = ['asked', 'setting', 'not-helped', 'offer-accepted', 'no-knowledge'] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];

/** Which of a turn's messages a copy of the record travels with. */
export const PARTS = ['greeting', 'email', 'reply', 'ask', 'handoff', 'offline', 'limit'] as const;
export type Part = (typeof PARTS)[number];

export const decisionRecordSchema = z.object({
  v: z.literal(1),
  /** The visitor message this turn answers. */
  replyTo: z.string(),
  part: z.enum(PARTS).optional(),
  outcome: z.enum(OUTCOMES),
  engine: z.enum(['retrieval', 'language-model']).nullable(),
  intent: z.enum(INTENTS).nullable(),
  confidence: z.number().nullable(),
  source: z.object({ kind: z.enum(SOURCE_KINDS), id: z.string() }).nullable(),
  candidates: z.array(z.object({ kind: z.enum(SOURCE_KINDS), id: z.string(), confidence: z.number() })),
  /**
   * A message that asks several things: each question (its first words), how it was answered
   * and from which entry; empty for a message of one question.
   */
  parts: z
    .array(
      z.object({
        text: z.string(),
        kind: z.enum(['answer', 'clarify', 'offer-person']),
        source: z.object({ kind: z.enum(SOURCE_KINDS), id: z.string() }).nullable(),
        confidence: z.number(),
      }),
    )
    .default([]),
  /** This turn greeted the visitor. */
  greeted: z.boolean(),
  /** This turn picked up an email address (the address itself is on the customer, not here). */
  emailSet: z.boolean(),
  /** Filter questions this message answered. */
  saved: z.array(z.string()),
  /** Filter questions the visitor refused (or could not answer) this turn: not asked again. */
  declined: z.array(z.string()).default([]),
  /** `asked` is the question for the email again, because the reply held no valid address. */
  notAnEmail: z.boolean().default(false),
  /** The filter question asked at the end of the turn, and how often it has been asked now. */
  asked: z.object({ id: z.string(), times: z.number().int() }).nullable(),
  /** Unresolved visitor messages in a row, after this turn (drives the handoff setting). */
  unresolved: z.number().int(),
  offeredPerson: z.boolean(),
  handoff: z
    .object({
      reason: z.enum(HANDOFF_REASONS),
      setting: z.enum(HANDOFFS),
      threshold: z.number().int().optional(),
    })
    .nullable(),
  /** The billing period whose limit notice this is. */
  limitPeriod: z.string().nullable(),
  engineError: z.string().nullable(),
  /** The language-model engine failed and the retrieval engine's answer was sent instead. */
  fallback: z.enum(['timeout', 'aborted', 'provider-error', 'empty-output']).nullable().optional(),
  /**
   * Issue 17: the visitor wrote within the domain's business hours (true) or outside them
   * (false); null or absent while business hours are off.
   */
  inHours: z.boolean().nullable().optional(),
  /** Short reasons in the order they were applied, for people. */
  why: z.array(z.string()),
});
export type DecisionRecord = z.infer<typeof decisionRecordSchema>;

/** A bot message's stored decision, or null when it is not one of ours (or an older shape). */
export function parseDecision(value: unknown): DecisionRecord | null {
  const parsed = decisionRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const MAX_CANDIDATES = 3;
export const MAX_PARTS = 3;
const MAX_REASON = 160;

/** Cuts a text meant for the record, so no single field can blow its size. */
export const clip = (text: string, max = MAX_REASON): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

export const round2 = (n: number): number => Math.round(n * 100) / 100;
