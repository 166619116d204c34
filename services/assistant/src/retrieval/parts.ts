import { normalise } from './text/analyse';

/** A message asks at most this many things that are each answered. */
export const MAX_PARTS = 3;

/** Words that open a question. */
const INTERROGATIVE =
  '(?:do|does|did|can|could|may|is|isnt|are|arent|was|were|will|would|should|how|hows|what|whats|when|whens|where|wheres|which|who|whos|why|have|has|any|' +
  // as visitors type them: "r u open", "wat time", "cn i"
  'r|wat|wats|wot|cn|cud|wud|hw|tell me|need to know)';
const ASKS = new RegExp(String.raw`^${INTERROGATIVE}\b`);
/** A wish that is itself a question ("i need to move my booking"), when another question follows or precedes it. */
const WISH = /^(?:i|we) (?:need|want|wanna|would like|d like|have) to\b/;
/** Words that open a question without being part of it ("btw", "oh and", "i was wondering"). */
const LEAD_IN =
  /^(?:and|also|plus|so|but|oh|ok|okay|btw|by the way|one more thing|another thing|quick question|just wondering|i was wondering|wondering|(?:i )?(?:also )?want(?:ed)? to (?:ask|know)|i(?:d| would) also like to know)\b[\s,]*/;
/** "and"/"also"/a comma before a new question. */
const OPENS = String.raw`(?:${INTERROGATIVE}|(?:i|we) (?:need|want|wanna|would like|d like) to)\b`;
const JOINED = new RegExp(
  String.raw`(?:,\s*|\s+)(?:and|also|plus|&|\+|and also)\s+(?=${OPENS})|,\s+(?=${OPENS})`,
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
  const pieces: Array<{ text: string; asked: boolean }> = [];
  // A sentence that ends with a question mark is a question, with a question word or not ("opening hours?").
  for (const [, sentence = '', mark = ''] of message.matchAll(
    /([^?;\n.!]*(?:[.!](?!\s)[^?;\n.!]*)*)([?;\n]+|[.!]+(?:\s+|$)|$)/g,
  )) {
    const split = normalise(sentence).split(JOINED);
    split.forEach((piece, i) => {
      let text = piece.replace(/^[\s,.!-]+|[\s,.!-]+$/g, '');
      for (let before = ''; before !== text;) text = (before = text).replace(LEAD_IN, '');
      if (!text) return;
      const marked = mark.includes('?') && i === split.length - 1 && /\p{L}{3}/u.test(text);
      pieces.push({ text, asked: marked || ASKS.test(text) || WISH.test(text) });
    });
  }
  const questions: string[] = [];
  const contexts: string[] = [];
  let context = '';
  let asked = false;
  for (const { text: piece, asked: isQuestion } of pieces) {
    if (!isQuestion) {
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
