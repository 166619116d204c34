import { normalise } from './text/analyse';

/** A message asks at most this many things that are each answered. */
export const MAX_PARTS = 3;

/** Words that open a question. */
const INTERROGATIVE =
  '(?:do|does|did|can|could|may|is|isnt|are|arent|was|were|will|would|should|how|what|whats|when|where|wheres|which|who|whos|why|have|has|any)';
const ASKS = new RegExp(String.raw`^${INTERROGATIVE}\b`);
/** "and"/"also"/a comma before a new question. */
const JOINED = new RegExp(
  String.raw`(?:,\s*|\s+)(?:and|also|plus|&|and also)\s+(?=${INTERROGATIVE}\b)|,\s+(?=${INTERROGATIVE}\b)`,
  'g',
);

/**
 * The separate questions of a message, in its order ("are you open saturdays and do you have
 * parking?" -> two). It is cut at question marks, full stops, semicolons and new lines, and at
 * "and"/"also"/a comma before a question word. A piece that is not itself a question ("it's a
 * present for my mum, can you gift wrap it?") is context, and stays with the question after it
 * (or before it, at the end). More than MAX_PARTS questions: the last ones stay together.
 */
export function splitQuestions(message: string): string[] {
  return clausesOf(message).questions;
}

/**
 * The message's clauses: the questions (each with the context before it, see splitQuestions),
 * and the context alone ("i have small kids"), which says less about what is asked.
 */
export function clausesOf(message: string): { questions: string[]; context: string[] } {
  const pieces: string[] = [];
  for (const sentence of message.split(/[?;\n]+|[.!]+\s+/)) {
    for (const piece of normalise(sentence).split(JOINED)) {
      const text = piece
        .replace(/^[\s,.!-]+|[\s,.!-]+$/g, '')
        .replace(/^(?:and|also|plus|so|but|oh|ok|okay)\b[\s,]*/, '');
      if (text) pieces.push(text);
    }
  }
  const questions: string[] = [];
  const contexts: string[] = [];
  let context = '';
  let asked = false;
  for (const piece of pieces) {
    if (!ASKS.test(piece)) {
      context = context ? `${context} ${piece}` : piece;
      contexts.push(piece);
      continue;
    }
    questions.push(context ? `${context} ${piece}` : piece);
    context = '';
    asked = true;
  }
  if (context) {
    if (questions.length) questions[questions.length - 1] += ` ${context}`;
    else questions.push(context);
  }
  if (questions.length > MAX_PARTS) {
    questions.splice(MAX_PARTS - 1, questions.length, questions.slice(MAX_PARTS - 1).join(' '));
  }
  // With no question word anywhere, every clause is what is asked.
  return { questions, context: asked ? contexts : [] };
}
