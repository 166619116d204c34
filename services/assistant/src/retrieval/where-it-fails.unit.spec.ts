import type { DomainConfig } from '@parley/contracts';
import type { EngineReply, Understanding } from '../engine/types';
import type { DomainKnowledge } from '../knowledge/model';
import { createRetrievalEngine } from './index';

// Issue 13's "Where it fails", one block per bullet, on a business of this file's own (a language
// school with an app and a small shop; none of its words is in eval/). unseen-shapes.unit.spec.ts
// has a first set of examples on a yoga studio; these are a second hand's.

const config: DomainConfig = {
  personality: 'friendly',
  tone: 'casual',
  businessDescription:
    'Parla is a language school in Manchester with group courses, private lessons, an app for practice and a small shop of course books.',
  industry: 'education',
  responseStyle: 'concise',
  handoff: 'moderate',
  shippingEnabled: true,
  shippingTime: '3-5',
  shippingRegions: ['Standard', 'Next day'],
  shippingCosts: { Standard: 3.5, 'Next day': 8 },
  freeShippingThreshold: 0,
};

const article = (id: string, title: string, question: string, answer: string, tags: string[] = []) => ({
  id,
  title,
  question,
  answer,
  content: '',
  category: '',
  tags,
});
const product = (id: string, name: string, price: number, discount = 0) => ({
  id,
  name,
  description: 'Course book with audio.',
  productType: 'Book',
  price,
  hasDiscount: discount > 0,
  discount,
  productUrl: null,
  variants: [],
});

let revision = 1;
const school = (over: Partial<DomainKnowledge> = {}, cfg: Partial<DomainConfig> = {}): DomainKnowledge => ({
  domainId: 'dom-parla',
  revision: revision++,
  accountId: 'acc-parla',
  domain: 'parla.co.uk',
  welcomeMessage: 'Ciao! Questions about courses? Ask away.',
  currency: 'GBP',
  config: { ...config, ...cfg },
  filterQuestions: [],
  articles: [
    article(
      'a-withdraw',
      'Withdrawing from a course',
      'How do I withdraw from a course?',
      'Withdraw in the first two weeks for a full refund of the fee; later, the unused weeks are credited.',
    ),
    article(
      'a-methods',
      'Payment methods',
      'Which payment methods do you accept?',
      'We accept Visa, Mastercard, Apple Pay, Google Pay and bank transfer.',
    ),
    article(
      'a-gdpr',
      'Data protection',
      'How do you handle my personal data?',
      'We keep your details only to run your course and never share them with third parties.',
      ['privacy', 'gdpr'],
    ),
    article(
      'a-reset',
      'Resetting your password',
      'I forgot my password',
      'Tap "Forgot password" on the sign-in screen and follow the email we send.',
    ),
    article(
      'a-pause',
      'Pausing lessons',
      'Can I pause my lessons?',
      'Private lessons can be paused for up to 8 weeks a year at no cost.',
      ['pause', 'freeze'],
    ),
    article(
      'a-calendar',
      'Calendar integrations',
      'Does the app integrate with my calendar?',
      'The app adds your lessons to Google Calendar, Outlook and Apple Calendar.',
    ),
    article(
      'a-hours',
      'Office hours',
      'When is the office open?',
      'The office is open Monday to Friday 9am to 7pm and Saturday 10am to 2pm.',
    ),
    article(
      'a-parking',
      'Getting here',
      'Where can I park?',
      'We are at 12 Canal Street; the NCP car park on Sackville Street is two minutes away.',
    ),
    article(
      'a-private',
      'Private lessons',
      'Do you offer private lessons?',
      'Yes, one-to-one lessons online or at the school, at a time that suits you.',
    ),
    article(
      'a-levels',
      'Finding your level',
      'Which course is right for me?',
      'A free 20-minute placement chat tells you which course fits your level.',
    ),
  ],
  products: [
    product('p-private', 'Private lessons', 45),
    product('p-starter', 'Starter book', 18),
    product('p-grammar', 'Grammar workbook', 24, 50),
    product('p-box', 'Complete box set', 96),
  ],
  appointmentTypes: [
    {
      id: 't-placement',
      name: 'Placement chat',
      appointmentType: 'A free 20-minute chat with a teacher to find your level',
      price: 0,
    },
  ],
  ...over,
});

const engine = createRetrievalEngine();
async function ask(k: DomainKnowledge, message: string): Promise<{ u: Understanding; reply: EngineReply }> {
  const u = engine.understand(k, message, []);
  return { u, reply: await engine.answer({ knowledge: k, message, history: [], understanding: u }) };
}
const answered = async (message: string, k = school()) => {
  const { reply } = await ask(k, message);
  return { kind: reply.kind, source: reply.source?.id ?? null };
};

describe('paraphrases that share no word with the article', () => {
  it.each([
    ['how do i get out of my course and get my cash back', 'a-withdraw'],
    ['can i pay with my phone', 'a-methods'],
    ['is my info safe with you', 'a-gdpr'],
    ["i'm locked out of the app", 'a-reset'],
    ["can i put my lessons on hold while i'm travelling", 'a-pause'],
    ['will it sync with outlook', 'a-calendar'],
    ['what time do you shut on saturdays', 'a-hours'],
    ['where do i leave the car', 'a-parking'],
  ])('%s', async (message, id) => {
    expect(await answered(message)).toEqual({ kind: 'answer', source: id });
  });

  it('leaves a word the domain uses itself alone: "hours?" does not reach delivery times', async () => {
    const { reply } = await ask(school(), 'office hours?');
    expect(reply.source).toEqual({ kind: 'article', id: 'a-hours' });
    expect(reply.candidates.map((c) => c.source.kind)).not.toContain('shipping');
  });
});

describe('several questions in one message', () => {
  it('answers questions without a question word, each from its entry', async () => {
    const { reply } = await ask(school(), 'office hours? parking?');
    expect(reply.parts?.map((p) => p.source?.id)).toEqual(['a-hours', 'a-parking']);
  });

  it('drops lead-ins and reads a wish joined to a question as a question of its own', async () => {
    const { reply } = await ask(school(), 'btw can i pay by bank transfer, and i need to pause my lessons');
    expect(reply.parts?.map((p) => p.source?.id)).toEqual(['a-methods', 'a-pause']);
  });

  it('reads one question about two things as two, when each has its own entry', async () => {
    const { reply } = await ask(school(), 'how much is the starter book and the box set');
    expect(reply.parts?.map((p) => p.source?.id)).toEqual(['p-starter', 'p-box']);
    // Two words for one entry stay one question.
    const one = await ask(school(), 'do you take visa and mastercard');
    expect(one.reply.parts).toBeUndefined();
    expect(one.reply.source).toEqual({ kind: 'article', id: 'a-methods' });
  });

  it('splits at "+" too', async () => {
    const { reply } = await ask(school(), 'do you take apple pay + how do i reset my password');
    expect(reply.parts?.map((p) => p.source?.id)).toEqual(['a-methods', 'a-reset']);
  });
});

describe('a booking wish that mentions a person', () => {
  it('is a booking where the business has an appointment type for it', async () => {
    for (const message of [
      'can i sit down with a teacher to talk about my level',
      'could someone give me a call about which course to take',
      'is 3pm tomorrow ok for the placement chat',
      'what times have you got free on friday?',
    ]) {
      expect([message, (await ask(school(), message)).u.intent]).toEqual([message, 'booking']);
    }
  });

  it('books the appointment type named like the entry the message is about', async () => {
    const k = school({
      appointmentTypes: [
        {
          id: 't-placement',
          name: 'Placement chat',
          appointmentType: 'A free 20-minute chat with a teacher to find your level',
          price: 0,
        },
        { id: 't-exam', name: 'Exam coaching', appointmentType: 'One hour of exam practice', price: 40 },
      ],
    });
    const { u, reply } = await ask(k, 'can i talk to someone about which course is right for me');
    expect(u.intent).toBe('booking');
    expect(reply.source).toEqual({ kind: 'appointment', id: 't-placement' });
  });

  it('stays a handoff when a person is wanted instead of the bot', async () => {
    for (const message of [
      'can a human help me',
      'put me through to the office',
      "you're not understanding me",
    ]) {
      expect([message, (await ask(school(), message)).u.intent]).toEqual([message, 'handoff']);
    }
    // Asking whether the bot is a person asks for nobody.
    expect((await ask(school(), 'are you a real person?')).u.intent).toBe('chitchat');
  });
});

describe('ties and near-ties; cheapest and most expensive', () => {
  it('settles a tie between an article and a product by how the message asks', async () => {
    // "Private lessons" is both an article and a product.
    expect((await ask(school(), 'do you do private lessons')).reply.source).toEqual({
      kind: 'article',
      id: 'a-private',
    });
    expect((await ask(school(), 'how much are private lessons')).reply.source).toEqual({
      kind: 'product',
      id: 'p-private',
    });
  });

  it('keeps a price question with an article that states the price itself', async () => {
    const k = school({
      articles: [
        article('a-group', 'Group courses', '', 'Group courses cost £240 a term, ten weeks of two evenings.'),
      ],
      products: [product('p-group', 'Group course deposit', 50)],
    });
    expect((await ask(k, 'how much are group courses')).reply.source).toEqual({
      kind: 'article',
      id: 'a-group',
    });
  });

  it('still asks which one when two unrelated entries fit equally', async () => {
    const twins = school({
      articles: [
        article('a-1', 'Term dates', '', 'Terms start in January, April and September.'),
        article('a-2', 'Exam dates', '', 'Exams are held in June and December.'),
      ],
      products: [],
      appointmentTypes: [],
    });
    const { reply } = await ask(twins, 'dates?');
    expect(reply.kind).toBe('clarify');
    expect(reply.source).toBeNull();
  });

  it('looks at the price paid for the cheapest and the priciest', async () => {
    const cheapest = await ask(school(), 'whats the cheapest book');
    expect(cheapest.reply.source).toEqual({ kind: 'product', id: 'p-grammar' });
    expect(cheapest.reply.text).toContain('£12');
    const priciest = await ask(school(), 'priciest thing in the shop?');
    expect(priciest.reply.source).toEqual({ kind: 'product', id: 'p-box' });
    expect(priciest.reply.text).toContain('£96');
  });
});

describe('wording', () => {
  it("writes prices with the domain's currency", async () => {
    expect((await ask(school(), 'how much is the starter book')).reply.text).toContain('£18');
  });

  it('says shipping keyed by service level as that service', async () => {
    const { reply } = await ask(school(), 'how much is next day delivery?');
    expect(reply.text).toContain('Next day shipping costs £8.');
    expect(reply.text).not.toMatch(/to Next day/i);
  });

  it('says a clear no for a country, or a city, outside the regions it ships to', async () => {
    const domestic = school({}, { shippingRegions: ['domestic'], shippingCosts: { domestic: 3.5 } });
    const city = await ask(domestic, 'can you post the box set to paris?');
    expect(city.reply.text).toContain(
      "Sorry, we don't ship to France. We only ship within the United Kingdom.",
    );
    const home = await ask(domestic, 'can you post it to leeds?');
    expect(home.reply.text).not.toContain('Sorry');
  });
});

describe('small talk that names what is sold', () => {
  it('is small talk when it praises or thanks and asks nothing', async () => {
    for (const message of ['i love the grammar workbook', 'thanks for the quick delivery of my box set']) {
      expect([message, (await ask(school(), message)).u.intent]).toEqual([message, 'chitchat']);
    }
    for (const message of [
      'i love the starter book, is there a second one?',
      'thanks, but the box set arrived damaged',
    ]) {
      expect([message, (await ask(school(), message)).u.intent]).toEqual([message, 'question']);
    }
  });
});

describe('browsing', () => {
  it('is a question, answered with the products; a stated wish for a product is a purchase', async () => {
    const browse = await ask(school(), 'anything going cheap at the moment?');
    expect(browse.u.intent).toBe('question');
    expect(browse.reply.productIds).toEqual(['p-grammar']);
    expect((await ask(school(), "i'll take the complete box set")).u.intent).toBe('purchase');
  });
});
