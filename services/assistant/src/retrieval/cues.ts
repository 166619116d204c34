import { normalise } from './text/analyse';

/**
 * Surface cues of what a visitor wants, read from the normalised message. Each is a general
 * phrasing pattern (asking for a person, a booking, to buy); the engine weighs them against what
 * the knowledge search finds.
 */

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/i;

const PERSON =
  '(?:human|person|people|someone|somebody|agent|representative|rep|staff|member of staff|staff member|operator|receptionist|mechanic|manager|boss|supervisor|owner|team|employee|advisor|adviser|support|sales|real|live|customer (?:service|support|care))';
const HANDOFF = [
  new RegExp(
    String.raw`\b(?:talk|speak|chat|connect|transfer|put me through|get me|contact|reach|call)\b[^.?!]{0,30}\b${PERSON}\b`,
  ),
  /\b(?:real|live|actual) (?:person|human|agent|people)\b/,
  /^\W*(?:a )?(?:human|agent|person|operator)\b[\w\s]{0,12}$/,
  /\bnot (?:a |talking to a )?(?:bot|robot|machine)\b/,
  // "I need a human to sort this out", "give me a real agent".
  /\b(?:need|want|get|give|send)\b[^.?!]{0,12}\b(?:a |an )?(?:human|real person|live person|agent|operator)\b/,
  /\b(?:bot|chatbot) is (?:useless|not helping|rubbish)\b/,
  // "Is anyone there?", "I'd rather deal with a person", "can someone ring me back?".
  /^\W*(?:is )?(?:there )?(?:anyone|anybody|someone|somebody) (?:there|here|around|about|real)\b/,
  /^\W*(?:hello\W+)?(?:anyone|anybody)(?: (?:there|here|around|home))?\W*$/,
  /\b(?:rather|prefer(?: to)?)\b[^.?!]{0,20}\b(?:person|human|someone|somebody|people|agent|staff)\b/,
  /\b(?:ring|call|phone) (?:me|us)(?: back)?\b/,
  /\bcomplain\w*\b[^.?!]{0,30}\b(?:manager|owner|supervisor|someone in charge)\b/,
  // "Can a human help me?", "put me through to sales", "escalate this", "you're not understanding me".
  /\b(?:a|any|some|an actual|a real) (?:human|person|real person|member of staff|staff member|agent)\b[^.?!]{0,15}\b(?:help|assist|answer|deal|sort)\b/,
  /\b(?:put me through|transfer me|connect me)\b/,
  /\bescalate\b/,
  /\b(?:you|youre|you are|ur|u|this|bot|it)\b (?:is |are )?(?:not|isnt|arent|dont|doesnt) (?:understand(?:ing)?|helping|get(?:ting)? it|listening)\b/,
];

/**
 * A person *instead of* the bot: a real or live one, now, not a bot, put through or transferred.
 * Those stay a handoff even where a booking could be made.
 */
const INSTEAD_OF_BOT = [
  /\b(?:real|live|actual|human) (?:person|human|agent|people|being)\b/,
  /\bhuman\b/,
  /\bnot (?:a |the |talking to a |with a )?(?:bot|robot|machine|ai)\b/,
  /\b(?:bot|chatbot|robot)\b[^.?!]{0,20}\b(?:useless|not helping|rubbish|stupid)\b/,
  /\b(?:put|get) me (?:through|on)\b|\btransfer\b|\bconnect me\b/,
  /\b(?:right now|straight away|asap|urgent(?:ly)?|immediately)\b/,
  /\brather (?:talk|speak|chat)\b/,
];
/** A conversation with a person *about* something, or a person to do something with the visitor. */
const ABOUT_SOMETHING =
  /\b(?:talk|speak|chat|discuss|call|meet)\b[^.?!]{0,40}\babout\b|\b(?:someone|somebody|a person|an expert|a specialist|your team|one of your team)\b[^.?!]{0,12}\b(?:walk|show|come|visit|look at|go through|give me a quote|quote)\b/;

const BOOKING_VERB = /\b(?:book|booked|booking|schedule|reserve|arrange)\b/;
/** "Book" as a thing ("the starter book", "your cheapest book", "books"): no booking. */
const BOOK_NOUN =
  /\b(?:the|a|an|this|that|these|those|your|my|our|which|what|any|each|one|two|\w+est|course|text|work|note|guide|story|audio|cook|recipe|picture|colouring|coloring|activity|exercise|phrase|grammar|starter|e)[ -]?books?\b|\bbooks\b/g;
const BOOKING_NOUN =
  /\b(?:make|get|have|need|want|like|love|request|setup|set up|organi[sz]e|grab|snag|after|looking for|sort out)\b[^.?!]{0,25}\b(?:appointment|meeting|consultation|consult|demo|call|session|slot|visit|fitting|check ?up|tour|viewing|assessment|walk ?through)\b/;
/**
 * Asking for a time with the business in other words: a place on a class, availability for a
 * demo, coming in (or bringing something in) on a day. A booking where appointment types exist.
 */
const TIME_WITH_US = [
  /\b(?:a |one |two )?(?:place|spot|seat|space)s? (?:on|in|at|for)\b/,
  /\b(?:availability|available|free)\b[^.?!]{0,30}\b(?:appointment|meeting|demo|call|session|slot|visit|class|workshop|check ?up|fitting|consultation)\b/,
  /\b(?:come|pop|drop) (?:in|by|round|over|out)\b[^.?!]{0,30}\b(?:today|tomorrow|tonight|this week|next week|on \w+day|\w+day)\b/,
  /\b(?:come|pop|drop) (?:in|by) (?:for|to get) (?:a|an|my|the)\b/,
  /\bbring (?:it|him|her|them|my \w+|the \w+|our \w+) in\b/,
  // "Get my dog in for a trim", "when's the earliest you can come", "need someone next Thursday".
  /\b(?:get|have) (?:my \w+|our \w+|him|her|them|it|us|me|the \w+) (?:in|booked in|seen)\b/,
  /\b(?:earliest|soonest|next available)\b/,
  /\b(?:need|want|like) (?:a|an|someone|somebody)\b[^.?!]{0,20}\b(?:tomorrow|today|tonight|this (?:week|weekend|morning|afternoon|evening)|next (?:week|\w+day)|on \w+day)\b/,
  /\b(?:any|have|got|your|the) availability\b/,
  // "Can I come tomorrow at 10?", "set me up with a demo", "when can you fit me in", "an appointment on Friday".
  /\bcan (?:i|we) come (?:in |by |over |round )?(?:today|tomorrow|tonight|on|at|this|next)\b/,
  /\bset (?:me|us) up (?:with|for)\b/,
  /\b(?:fit|squeeze) (?:me|us|him|her|them) in\b/,
  /\b(?:appointments?|slots?|sessions?|visits?) (?:for|on|at|this|next) (?:today|tomorrow|tonight|\w+day|the \d|\d|week|weekend|morning|afternoon|evening)\b/,
  // "Can you fit me in on Friday?", "any openings next week?", "pencil me in", "anything free Thursday?".
  /\b(?:get|fit|squeeze) (?:me |us |him |her |them )?in\b[^.?!]{0,30}\b(?:today|tomorrow|tonight|this week|next week|on \w+day|\w+day|soon|asap)\b/,
  /\b(?:any|next|earliest|first) (?:openings?|availability|free (?:slots?|times?|appointments?|spaces?)|appointments? (?:free|available|left))\b/,
  /\b(?:pencil|put|squeeze) (?:me|us) (?:in|down)\b/,
  /\b(?:anything|something|any ?times?|a time|any slots?|any spaces?) (?:free|available|open)\b/,
  /\bsee (?:a|the|your|one of your|someone|somebody)(?: \w+)?\b[^.?!]{0,20}\b(?:today|tomorrow|this (?:week|morning|afternoon|evening)|next week|on \w+day|soon|asap)\b/,
  // "What times do you have free on Monday?", "is 3pm tomorrow ok?"
  /\b(?:what|which) (?:times?|slots?|days?|dates?)\b[^.?!]{0,25}\b(?:free|available|left)\b/,
  /\b(?:is|would|does|how about|what about) (?:\d{1,2}(?::\d{2})? ?(?:am|pm)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today|tonight)\b[^.?!]{0,25}\b(?:ok|okay|free|available|possible|work|good|fine)\b/,
];

/** Words that join something the business runs (a class, a workshop): booking if it is an appointment type. */
const SIGN_UP = /\b(?:join|sign(?:ed|ing)? up|signup|register|enrol|enroll|attend)\b/;
/** About an existing booking, not a new one. */
const NOT_BOOKING = /\b(?:cancel|cancell?ing|reschedule|move|change|missed|late for)\b/;

const BUY =
  /\b(?:(?:want|wanna|like|love|need|going|ready|wish|plan|hoping) to (?:buy|purchase|order)|(?:can|could|may|how (?:do|can)|where (?:can|do)) (?:i|we) (?:buy|purchase|order)|add (?:it |this |that )?to (?:my )?(?:cart|basket)|checkout|take (?:it|one|two)|(?:ill|i will|well|we will|id|i would) (?:take|have|grab) (?:it|one|two|three|\d+|the|a|an|some)|gimme|give me (?:one|two|three|\d+))\b/;
/** "I want the gold rim mug": a stated wish for a thing, a purchase when the thing is a product. */
const WANT_THING =
  /\b(?:(?:i|we) (?:want|need|would like|d like|am after|m after)|(?:want|like|love|need|going|ready|hoping) to get) (?:the|a|an|one|two|three|\d+|some)\b/;
const SHOP =
  /\b(?:do|does) (?:you|u|ya|they) (?:sell|have|stock|carry|got|make|do)\b|\b(?:looking for|searching for|shopping for|recommend|suggest|i need (?:a|an|some|new)|have you got|show me|browse|what (?:do|does) (?:you|u) (?:sell|have|stock|offer)|what (?:have|\w+ have) you got)\b|^(?:(?:do you have|have you got|got) )?any(?:thing)?\b/;

const GREETING =
  /^(?:hi|hello|hey|hiya|heya|yo|howdy|hallo|sup|wassup|whats up|gday|(?:good )?(?:morning|afternoon|evening|day))\b/;
const SMALL_TALK =
  /\b(?:hi|hello|hey|hiya|yo|thanks?|thank you|thx|ty|cheers|bye|goodbye|see (?:you|ya)|lol|haha\w*|nice|great|awesome|cool|perfect|brilliant|amazing|lovely|ok(?:ay)?|sure|good (?:morning|afternoon|evening|day)|how are you|(?:are|r) (?:you|u) (?:a )?(?:bot|robot|ai|human|real)|(?:you(?:re| are)|ur) (?:a |the )?(?:star|legend|hero|gem|lifesaver|life saver|angel|champ|best)|ta|ta very much|brill|fab|fabulous|fantastic|excellent|superb|sweet|grand|sound|no worries|no problem|all good|(?:been )?(?:very |really |so |super )?helpful|(?:good|nice|clever|smart) (?:bot|robot)|love (?:it|that|this)|(?:whats|what is) your name|who am i (?:talking|speaking|chatting) (?:to|with)|thats (?:all|it)|that(?:ll| will) be all|take care|have a (?:good|nice|great) (?:day|one|evening|weekend|night)|good ?night|later|ciao|morning|evening|hmm+|test(?:ing)?|tell me a joke|(?:you(?:re| are)|ur) (?:so |very |really )?(?:funny|hilarious|cute|sweet|clever|smart|nice|kind)|kk?|sounds good|wow|omg|nvm|never ?mind|forget it|(?:all )?sorted|makes sense|fair enough|good to know|noted|you rock|(?:much )?appreciated|appreciate (?:it|that|you)|sorry|oops|my bad|wrong chat|whats up)\b/;

/**
 * Praise or thanks that asks nothing ("I love your mugs", "thanks for the quick delivery"): small
 * talk even when it names what the business sells. Not when anything is asked or wrong.
 */
const PRAISE =
  /\b(?:love|loved|loving|amazing|awesome|brilliant|fantastic|excellent|gorgeous|beautiful|lovely|wonderful|perfect|thanks?|thank you|cheers|well done|great job|the best)\b/;
const ASKS_OR_WRONG =
  /\?|^(?:do|does|did|can|could|may|is|are|was|will|would|should|how|what|when|where|which|who|why|have|has|any)\b|\b(?:can|could|would|do you|does it|is there|are there|how|what|when|where|why|which|want|need|like to|please|pls|not|never|no|broken|damaged|cracked|wrong|missing|late|problem|issue|refund|return|cancel|complain\w*|disappointed|unhappy|but|if)\b/;

export interface Cues {
  email: string | null;
  handoff: boolean;
  /** The person is wanted instead of the bot (a handoff even where a booking could be made). */
  insteadOfBot: boolean;
  /** A talk with a person about something, or a person to do something: a booking when one can be made. */
  aboutSomething: boolean;
  /** A time with the business asked for in other words ("a place on the class", "come in tomorrow"). */
  timeWithUs: boolean;
  bookingVerb: boolean;
  bookingNoun: boolean;
  signUp: boolean;
  notBooking: boolean;
  buy: boolean;
  /** A stated wish for a thing ("i want the gold rim mug"): a purchase when it names a product. */
  wantThing: boolean;
  shop: boolean;
  greeting: boolean;
  smallTalk: boolean;
  /** Praise or thanks, asking nothing and naming nothing wrong. */
  praise: boolean;
}

/** Asking whether the bot is a person ("are you a real person?") is small talk, not a request for one. */
const BOT_QUESTION =
  /^\W*(?:are|r) (?:you|u) (?:a |an )?(?:real |actual |live )?(?:person|human|bot|robot|ai|machine)\b[^.?!]*[.?!]*\s*(?:lol|haha\w*)?\W*$/;

export function cuesOf(message: string): Cues {
  const t = normalise(message).replace(/\s+/g, ' ').trim();
  const email = EMAIL.exec(message)?.[0]?.toLowerCase() ?? null;
  // The address itself must not look like words of the message ("agent@…").
  const rest = email ? t.replace(email, ' ') : t;
  return {
    email,
    handoff: !BOT_QUESTION.test(rest) && HANDOFF.some((p) => p.test(rest)),
    insteadOfBot: INSTEAD_OF_BOT.some((p) => p.test(rest)),
    aboutSomething: ABOUT_SOMETHING.test(rest),
    timeWithUs: TIME_WITH_US.some((p) => p.test(rest)),
    bookingVerb: BOOKING_VERB.test(rest.replace(BOOK_NOUN, ' ')),
    bookingNoun: BOOKING_NOUN.test(rest),
    signUp: SIGN_UP.test(rest),
    notBooking: NOT_BOOKING.test(rest),
    buy: BUY.test(rest),
    wantThing: WANT_THING.test(rest),
    shop: SHOP.test(rest),
    greeting: GREETING.test(rest),
    smallTalk: SMALL_TALK.test(rest),
    praise: PRAISE.test(rest) && !ASKS_OR_WRONG.test(rest),
  };
}

/** The words of small talk, removed before looking for a question in the rest. */
export const SMALL_TALK_WORDS =
  /\b(?:hi|hello|hey|hiya|heya|yo|howdy|thanks?|thank you|thx|ty|cheers|bye|goodbye|see (?:you|ya)|lol|haha\w*|nice|great|awesome|cool|perfect|brilliant|amazing|lovely|ok(?:ay)?|sure|good (?:morning|afternoon|evening|day)|how are you|mate|there|so much|really|helpful|bot|robot|ai|(?:you(?:re| are)|ur) (?:a |the )?(?:star|legend|hero|gem|lifesaver|life saver|angel|champ|best)|ta|ta very much|brill|fab|fabulous|fantastic|excellent|superb|sweet|grand|sound|no worries|no problem|all good|(?:been )?(?:very |really |so |super )?helpful|(?:good|nice|clever|smart) (?:bot|robot)|love (?:it|that|this)|(?:whats|what is) your name|who am i (?:talking|speaking|chatting) (?:to|with)|thats (?:all|it)|that(?:ll| will) be all|take care|have a (?:good|nice|great) (?:day|one|evening|weekend|night)|good ?night|later|ciao|morning|evening|hmm+|test(?:ing)?|tell me a joke|(?:you(?:re| are)|ur) (?:so |very |really )?(?:funny|hilarious|cute|sweet|clever|smart|nice|kind)|kk?|sounds good|wow|omg|nvm|never ?mind|forget it|(?:all )?sorted|makes sense|fair enough|good to know|noted|you rock|(?:much )?appreciated|appreciate (?:it|that|you)|sorry|oops|my bad|wrong chat|whats up|been|for (?:the|your) help|help|(?:are|r) (?:you|u) (?:a |an )?(?:real |actual |live )?(?:person|human|bot|robot|ai|machine))\b/g;
