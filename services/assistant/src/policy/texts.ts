import type { DomainConfig } from '@parley/contracts';

/**
 * Every sentence the policy itself says to a visitor, in one place so the wording can be reviewed
 * (engine answers carry their own text). The domain's personality shapes the greeting and the
 * handoff lightly; everything else reads the same for every business.
 */

type Personality = DomainConfig['personality'];

/**
 * The bot's answer to a first hello, in the domain's personality. Never the widget's welcome
 * message, which the visitor already sees above the chat: the second wording is used when the
 * first one is (or is inside) that welcome.
 */
const GREETINGS: Record<Personality, [string, string]> = {
  professional: [
    'Hello. What can I help you with today?',
    'Good to hear from you. What would you like to know?',
  ],
  friendly: ['Hi! What can I help you with today?', 'Hello again! What would you like to know?'],
  humorous: [
    "Hey there! Ask away, we're all ears (well, mostly code).",
    'Hi! Fire away, I love a good question.',
  ],
  empathetic: [
    "Hi, I'm glad you reached out. What can I help you with?",
    "Hello, I'm here for you. What would you like to know?",
  ],
};

const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const HANDOFF: Record<Personality, string> = {
  professional: 'Certainly. A member of our team will join this conversation shortly.',
  friendly: 'Sure thing! A person from our team will join you here shortly.',
  humorous: 'Calling in a human! Someone from our team will join you here shortly.',
  empathetic: 'I understand. A person from our team will join you here shortly to help.',
};

const personalityOf = (config: DomainConfig | null): Personality => config?.personality ?? 'friendly';

export const texts = {
  /**
   * The reply to a first hello: a greeting in the domain's personality that does not repeat
   * `shownWelcome`, the welcome message the widget shows (the owner's, or the default one).
   */
  greeting(shownWelcome: string, config: DomainConfig | null): string {
    const welcome = plain(shownWelcome);
    const [first, second] = GREETINGS[personalityOf(config)];
    const repeats = (text: string) =>
      welcome !== '' && (welcome.includes(plain(text)) || plain(text).includes(welcome));
    return repeats(first) ? second : first;
  },

  handoff(config: DomainConfig | null): string {
    return HANDOFF[personalityOf(config)];
  },

  /** A person was asked for outside the domain's business hours (issue 17). */
  offline:
    "Our team is away right now, so nobody can join this chat. Leave your email and a message, and we'll get back to you.",
  /** The widget opens its offline form from this link (@parley/chat-display's link actions). */
  offlineFormLink: JSON.stringify({
    action: 'offline-form',
    title: 'Leave a message',
    description: 'Your email and message go to our team',
  }),

  /**
   * The same words every time: the bot is out of requests for this billing period. No promise of
   * a reply (nobody is notified of the message), but the offer of a person (who is).
   */
  limitReached:
    "Thanks for your message. Our assistant can't answer right now. Would you like a person from our team to join you here?",

  emailThanks(email: string): string {
    return `Thanks! We've noted your email (${email}) so we can follow up with you.`;
  },

  /** The engine failed or nothing was run: no guess, a person instead. */
  cannotAnswer:
    "Sorry, I can't answer that right now. Would you like me to connect you with a person from our team?",

  booking: 'Happy to set up a meeting. Pick a time that suits you:',
  bookingLinkTitle: 'Book a meeting',
  bookingAppointmentTitle(name: string): string {
    return `Book: ${name}`;
  },

  purchase: 'Here is what we have for you. Tap a product to see the details and buy it.',
  /** A visitor wants to buy one product and the domain takes payments: the widget opens the checkout. */
  checkout(product: string): string {
    return `Great choice! You can buy ${product} right here in the chat: choose your options and pay.`;
  },
  /** A visitor wants to buy, but the domain lists no products. */
  purchaseNoProducts:
    "We don't list products to buy here yet. Would you like me to connect you with a person from our team?",

  /** A filter question; `afterAnswer` when it follows the visitor's answer to the previous one. */
  ask(question: string, afterAnswer: boolean): string {
    return afterAnswer ? `Thanks! ${question}` : question;
  },

  /** The visitor answered the last filter question. */
  answersComplete: 'Thank you, that helps! What else can I do for you?',

  /** The visitor refused a filter question: it is not asked again. */
  skipped: "No problem, let's skip that.",

  /** A question for the email got no valid address, again: it is not asked again. */
  noEmailGiven: "That doesn't look like an email address either, so let's leave it for now.",

  /** The reply to a question for the email held no valid address: the owner's question, again. */
  notAnEmail(question: string): string {
    return `That doesn't look like an email address (it should look like name@example.com). ${question}`;
  },

  /** The visitor changed an earlier answer. */
  answerChanged: "Got it, I've updated your answer.",
};
