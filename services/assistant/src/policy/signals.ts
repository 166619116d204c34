/**
 * The few readings of a visitor's words the policy makes itself (the engines read intent): only
 * what decides the conversation's course and must not depend on which engine ran.
 */

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/i;

/** An email address in the text, lower-cased: the fallback when no engine understood the message. */
export function findEmail(text: string): string | null {
  const match = EMAIL.exec(text);
  return match ? match[0].toLowerCase() : null;
}

/** Little besides the address ("my email is ..."): the message is about the email alone. */
export function mostlyEmail(text: string, email: string): boolean {
  const rest = normalise(text.toLowerCase().replace(email, ' '));
  return rest.split(' ').filter(Boolean).length <= 4;
}

const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^a-z0-9' ?]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const YES =
  /^(yes|yeah|yep|yup|sure|ok|okay|please|yes please|please do|go ahead|do it|that would be great|sounds good|connect me)( please| thanks| thank you)?$/;

/** A short yes: accepts the bot's offer of a person. */
export function isAffirmative(text: string): boolean {
  return YES.test(normalise(text).replace(/\?/g, '').trim());
}

const NOT_HELPED =
  /\b(did ?n'?t|did not|does ?n'?t|does not|not|wasn'?t|was not)\b.{0,20}\b(help|helpful|helped|work|working|worked|fix|fixed|solve|solved)\b|\bstill\b.{0,20}\b(not|doesn'?t|can'?t|broken|same|having|stuck)|\bsame (problem|issue|error)\b|\bthat'?s not (it|what)\b|\buseless\b/;

/** The visitor says the last answer did not help ("that didn't work", "still broken"). */
export function saysNotHelped(text: string): boolean {
  return NOT_HELPED.test(normalise(text));
}

const INTERROGATIVE =
  /^(what|whats|what's|how|where|when|why|which|who|whom|whose|do|does|did|can|could|would|will|is|are|was|were|should|shall|may|have|has)\b/;

/** Written as a question: a question mark, or opened with a question word. */
export function looksLikeQuestion(text: string): boolean {
  return text.includes('?') || INTERROGATIVE.test(normalise(text));
}

const PLEASANTRY =
  /^(hi|hello|hey|hiya|yo|good (morning|afternoon|evening)|thanks|thank you|thx|ty|cheers|ok|okay|cool|great|nice|bye|goodbye)( there| so much| a lot)?$/;

/** Only a greeting or thanks: never someone's answer to a filter question. */
export function isPleasantry(text: string): boolean {
  return PLEASANTRY.test(normalise(text).replace(/\?/g, '').trim());
}
