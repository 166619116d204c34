import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { domainConfigSchema } from '@parley/contracts/validation';
import { SOURCE_KINDS, type DomainKnowledge } from '../../services/assistant/src/knowledge/model';
import { INTENTS } from '../../services/assistant/src/engine/types';

/** eval/ itself, found from this file in the sources and from eval/dist in the bundle alike. */
export const EVAL_DIR = resolve(__dirname, '..');

const sourceSchema = z.object({ kind: z.enum(SOURCE_KINDS), id: z.string().min(1) });

/**
 * One visitor message with its labels. `source` is the entry that answers it, a list when
 * several answer it equally well (any of them counts), or null when nothing in the knowledge
 * does (chit-chat, a hand-off request, a question the business can't answer).
 */
export const caseSchema = z.object({
  text: z.string().min(1),
  intent: z.enum(INTENTS),
  source: z.union([sourceSchema, z.array(sourceSchema).min(1), z.null()]),
});
export type EvalCase = z.infer<typeof caseSchema>;

const knowledgeSchema = z.object({
  domainId: z.string().min(1),
  revision: z.number().int(),
  accountId: z.string().min(1),
  domain: z.string().min(1),
  welcomeMessage: z.string(),
  config: domainConfigSchema.nullable(),
  filterQuestions: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })),
  articles: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      question: z.string(),
      answer: z.string(),
      content: z.string(),
      category: z.string(),
      tags: z.array(z.string()),
    }),
  ),
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      productType: z.string(),
      price: z.number().nonnegative(),
      hasDiscount: z.boolean(),
      discount: z.number().min(0).max(100),
      productUrl: z.string().nullable(),
      variants: z.array(
        z.object({
          name: z.string(),
          trackQuantity: z.boolean(),
          options: z.array(
            z.object({ value: z.string(), priceAdjustment: z.number(), quantity: z.number().optional() }),
          ),
        }),
      ),
    }),
  ),
  appointmentTypes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      appointmentType: z.string().max(80),
      price: z.number().min(0),
    }),
  ),
});

export interface Business {
  name: string;
  knowledge: DomainKnowledge;
  cases: EvalCase[];
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** One business of eval/businesses, validated; a label naming an entry that does not exist is an error. */
export function loadBusiness(name: string): Business {
  const dir = join(EVAL_DIR, 'businesses', name);
  const knowledge: DomainKnowledge = knowledgeSchema.parse(readJson(join(dir, 'knowledge.json')));
  const cases = z.array(caseSchema).parse(readJson(join(dir, 'messages.json')));
  const ids = new Set([
    ...knowledge.articles.map((a) => `article:${a.id}`),
    ...knowledge.filterQuestions.map((f) => `faq:${f.id}`),
    ...knowledge.products.map((p) => `product:${p.id}`),
    ...knowledge.appointmentTypes.map((t) => `appointment:${t.id}`),
    `shipping:${knowledge.domainId}`,
    `business:${knowledge.domainId}`,
  ]);
  for (const c of cases) {
    const refs = c.source === null ? [] : Array.isArray(c.source) ? c.source : [c.source];
    for (const s of refs) {
      if (!ids.has(`${s.kind}:${s.id}`))
        throw new Error(`${name}: "${c.text}" names unknown ${s.kind} ${s.id}`);
    }
  }
  return { name, knowledge, cases };
}

const setsSchema = z.object({ tuning: z.array(z.string()).min(1), heldOut: z.array(z.string()) });

/** The businesses the engine was developed against, and those kept apart until the end. */
export function loadSets(): { tuning: Business[]; heldOut: Business[] } {
  const sets = setsSchema.parse(readJson(join(EVAL_DIR, 'sets.json')));
  return { tuning: sets.tuning.map(loadBusiness), heldOut: sets.heldOut.map(loadBusiness) };
}
