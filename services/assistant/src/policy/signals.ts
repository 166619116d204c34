import { emailSchema } from '@parley/contracts/validation';

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

/**
 * The address when the product takes it as an email (the sign-up form's rule, which
 * conversations applies too), else null: an address it would refuse is not noted.
 */
export function validEmail(address: string | null): string | null {
  if (!address) return null;
  const parsed = emailSchema('invalid').safeParse(address);
  return parsed.success ? parsed.data : null;
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

const REFUSAL =
  /^(i'?d rather not|i would rather not|rather not|i'?d prefer not|i would prefer not|i prefer not|prefer not|no comment|not telling|pass|skip|next|next question|none of your business|not now|not today|not right now|i don'?t want to (say|share|tell|give|answer)|i do not want to (say|share|tell|give|answer)|i won'?t (say|share|tell|give|answer)|i will not (say|share|tell|give|answer)|i'?m not (telling|sharing|giving|saying))\b/;
/** Refusals only where a plain no cannot be the answer itself (a question for the email). */
const PLAIN_NO = /^(no|nope|nah|no thanks|no thank you|no way|i don'?t have one|i have none)$/;

/**
 * The visitor will not answer the question ("I'd rather not say", "skip"). A plain "no" refuses
 * only when `noIsRefusal` (a question whose answer cannot be no, like one for the email).
 */
export function declines(text: string, noIsRefusal: boolean): boolean {
  const t = normalise(text).replace(/\?/g, '').trim();
  return REFUSAL.test(t) || (noIsRefusal && PLAIN_NO.test(t));
}

const CORRECTION =
  /^(actually|sorry|oops|correction|wait|i meant|i mean|on second thought|scratch that|let me change|change (it|that|my answer)|make (it|that))\b|\binstead\b/;

/** The visitor takes back something they said ("actually, make it medium", "medium instead"). */
export function correctsItself(text: string): boolean {
  return CORRECTION.test(normalise(text));
}

// What people wrap an address in: "my email is", "email:", "you can reach me at".
const EMAIL_WRAPPING =
  /\b(?:my\s+)?e-?mail(?:\s+address)?(?:\s+is|\s*:)?|\b(?:you\s+can\s+)?(?:reach|contact|email|mail)\s+me\s+(?:at|on)\b/gi;
const EDGES = /^[\s,;:.!\-–—&+]+|[\s,;:.\-–—&+]+$/g;
const JOINERS = /^(?:and|also|plus|oh|and also)\b\s*|\s*\b(?:and|also|plus)$/gi;
/** Words that say nothing beyond handing over the address ("here you go, thanks", "it's me"). */
const FILLER = new Set(
  (
    "here there you go are it is it's its that that's this me i i'm im am sure ok okay yes yep yeah of " +
    'course thanks thank cheers please actually sorry oops wait hi hello hey new one the my mine'
  ).split(' '),
);
/**
 * What the visitor said besides their email address and the words around it ("Medium, and my
 * email is ann@example.com" -> "Medium"); empty when that is nothing but filler.
 */
export function besidesEmail(text: string, email: string): string {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let rest = text.replace(new RegExp(escaped, 'gi'), ' ').replace(EMAIL_WRAPPING, ' ');
  for (let i = 0; i < 3; i++) rest = rest.replace(EDGES, '').replace(JOINERS, '').replace(/\s+/g, ' ').trim();
  const words = normalise(rest).replace(/\?/g, ' ').split(' ').filter(Boolean);
  return words.every((w) => FILLER.has(w)) ? '' : rest;
}
