// Retrieval engine latency: a synthetic domain with ITEMS knowledge entries (articles, FAQs,
// products, appointment types), then QUERIES visitor messages through understand + answer, the
// path the assistant runs for every message. Pure CPU, no services needed.
import { loadavg } from 'node:os';
import type { DomainKnowledge } from '../../services/assistant/src/knowledge/model';
import { createRetrievalEngine } from '../../services/assistant/src/retrieval';
import { elapsedMs, formatLatency, round, summarize } from './stats';

const ITEMS = Number(process.env.ITEMS ?? 1000);
const QUERIES = Number(process.env.QUERIES ?? 5000);
/** `words` measures the engine without WordNet (the variant issue 13 compared against). */
const SEMANTICS = process.env.SEMANTICS ?? 'default';
/** The owner's other ways of asking per article (0-3); written without the generator, so the messages stay the same. */
const QUESTION_VARIANTS = Number(process.env.QUESTION_VARIANTS ?? 3);

/** A small deterministic generator, so every run measures the same domain and messages. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(42);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

const SUBJECTS = [
  'order',
  'invoice',
  'account',
  'subscription',
  'mug',
  'teapot',
  'bike',
  'wheel',
  'plant',
  'pot',
  'appointment',
  'password',
  'payment',
  'refund',
  'delivery',
  'warranty',
  'gift card',
  'voucher',
  'glaze',
  'filter',
  'battery',
  'charger',
  'screen',
  'strap',
  'lens',
  'cushion',
  'blanket',
  'candle',
  'lamp',
  'shelf',
  'report',
  'export',
  'integration',
  'team member',
  'login',
  'receipt',
  'tax',
  'discount code',
  'size',
  'colour',
];
const ACTIONS = [
  'change',
  'cancel',
  'track',
  'return',
  'clean',
  'repair',
  'replace',
  'upgrade',
  'reset',
  'download',
  'connect',
  'share',
  'pause',
  'resize',
  'store',
  'wash',
  'install',
  'update',
  'transfer',
  'close',
];
const QUALIFIERS = [
  'quickly',
  'abroad',
  'for free',
  'after 30 days',
  'on mobile',
  'in bulk',
  'as a gift',
  'without an account',
  'for a business',
  'at the weekend',
  'in winter',
  'for kids',
  'with a coupon',
];
const TYPES = ['Mug', 'Teapot', 'Plant', 'Pot', 'Lamp', 'Candle', 'Blanket', 'Cushion', 'Shelf', 'Strap'];
const ADJECTIVES = [
  'Classic',
  'Big',
  'Mini',
  'Travel',
  'Deluxe',
  'Rustic',
  'Modern',
  'Speckled',
  'Glazed',
  'Woven',
];

function domain(): DomainKnowledge {
  const articles: DomainKnowledge['articles'] = [];
  const filterQuestions: DomainKnowledge['filterQuestions'] = [];
  const products: DomainKnowledge['products'] = [];
  const appointmentTypes: DomainKnowledge['appointmentTypes'] = [];
  for (let i = 0; i < ITEMS; i++) {
    const subject = pick(SUBJECTS);
    const action = pick(ACTIONS);
    const q = pick(QUALIFIERS);
    const slot = i % 10;
    if (slot < 6) {
      articles.push({
        id: `a-${i}`,
        title: `How to ${action} your ${subject} ${q}`,
        question: `Can I ${action} my ${subject} ${q}?`,
        answer: `Yes. To ${action} your ${subject} ${q}, open Settings, choose ${subject} and follow the steps. It takes about ${2 + (i % 9)} minutes.`,
        content: `More about ${subject}: ${pick(ACTIONS)} and ${pick(ACTIONS)} are also possible. Contact us if the ${subject} is ${pick(['broken', 'missing', 'late', 'wrong'])}.`,
        category: pick(['Orders', 'Account', 'Care', 'Billing', 'Products']),
        tags: [subject, action, pick(SUBJECTS)],
        questionVariants: [
          `how do I ${action} the ${subject}`,
          `${subject} ${action} help`,
          `is it possible to ${action} a ${subject} ${q}`,
        ].slice(0, QUESTION_VARIANTS),
      });
    } else if (slot < 7) {
      filterQuestions.push({
        id: `f-${i}`,
        question: `Do you ${action} ${subject}s ${q}?`,
        answer: `We ${action} ${subject}s ${q} on request; it costs ${5 + (i % 20)}.`,
      });
    } else if (slot < 9) {
      const type = pick(TYPES);
      products.push({
        id: `p-${i}`,
        name: `${pick(ADJECTIVES)} ${pick(ADJECTIVES)} ${type} ${i}`,
        description: `A ${pick(['handmade', 'durable', 'lightweight', 'recycled'])} ${type.toLowerCase()} for ${pick(['everyday use', 'gifts', 'travel', 'the office'])}.`,
        productType: type,
        price: 5 + (i % 120),
        hasDiscount: i % 7 === 0,
        discount: i % 7 === 0 ? 10 + (i % 4) * 10 : 0,
        productUrl: null,
        variants: [
          {
            name: 'Colour',
            trackQuantity: false,
            options: [
              { value: 'Blue', priceAdjustment: 0 },
              { value: 'Sand', priceAdjustment: 2 },
            ],
          },
        ],
      });
    } else {
      appointmentTypes.push({
        id: `t-${i}`,
        name: `${pick(['Consultation', 'Workshop', 'Fitting', 'Demo', 'Repair slot'])} for ${subject}`,
        appointmentType: `Session about your ${subject} with a specialist`,
        price: 15 * (i % 6),
      });
    }
  }
  return {
    domainId: 'bench-domain',
    revision: 1,
    accountId: 'bench-account',
    domain: 'bench.example',
    welcomeMessage: 'Hello!',
    config: {
      personality: 'friendly',
      tone: 'casual',
      businessDescription: 'A shop selling homeware and repairs, with workshops and consultations.',
      industry: 'retail',
      responseStyle: 'conversational',
      handoff: 'moderate',
      shippingEnabled: true,
      shippingTime: '3-5',
      shippingRegions: ['United States', 'Canada'],
      shippingCosts: { 'United States': 5, Canada: 12 },
      freeShippingThreshold: 60,
    },
    filterQuestions,
    articles,
    products,
    appointmentTypes,
  };
}

/** One letter dropped, doubled or swapped: the typos visitors make. */
function typo(word: string): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  const kind = Math.floor(rnd() * 3);
  if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word[i] + word.slice(i);
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
}

function queries(k: DomainKnowledge): string[] {
  const out: string[] = [];
  const templates: Array<() => string> = [
    () => `how do i ${pick(ACTIONS)} my ${pick(SUBJECTS)}`,
    () => `can I ${typo(pick(ACTIONS))} the ${typo(pick(SUBJECTS))} ${pick(QUALIFIERS)}?`,
    () => `hi! ${pick(k.articles).question.toLowerCase()} and do you ship to canada?`,
    () => pick(k.articles).title,
    () => `do you have ${pick(TYPES).toLowerCase()}s under $${10 + Math.floor(rnd() * 80)}`,
    () => `what's on sale`,
    () => `I want to buy the ${pick(k.products).name}`,
    () => `can I book a ${pick(['consultation', 'workshop', 'demo'])} for my ${pick(SUBJECTS)}`,
    () => `how much is shipping and how long does delivery take`,
    () => `can I talk to a human please`,
    () => `thanks, that helps!`,
    () => `my email is visitor${Math.floor(rnd() * 1000)}@example.com`,
    () => `what is the capital of peru`,
    () =>
      `my ${pick(SUBJECTS)} arrived ${pick(['broken', 'late', 'damaged'])}, what can you do about it? I ordered it ${pick(QUALIFIERS)} last week and I'm not happy`,
    // Issue 13's shapes: several questions, comparisons, a booking with a person, a country.
    () => `${pick(k.articles).question.toLowerCase()}, and ${pick(k.articles).question.toLowerCase()}`,
    () => `what's your ${pick(['cheapest', 'most expensive', 'smallest'])} ${pick(TYPES).toLowerCase()}`,
    () => `can I book a call with someone about my ${pick(SUBJECTS)}?`,
    () => `do you ship to ${pick(['japan', 'mexico', 'ireland', 'canada'])}?`,
  ];
  for (let i = 0; i < QUERIES; i++) out.push(pick(templates)());
  return out;
}

async function main(): Promise<void> {
  const knowledge = domain();
  const messages = queries(knowledge);
  const rssBefore = process.memoryUsage().rss;
  const engine = SEMANTICS === 'words' ? createRetrievalEngine({ lexicon: null }) : createRetrievalEngine();

  const buildStart = process.hrtime.bigint();
  engine.indexFor(knowledge);
  const buildMs = elapsedMs(buildStart);
  const rebuildStart = process.hrtime.bigint();
  engine.indexFor({ ...knowledge, revision: 2 });
  const rebuildMs = elapsedMs(rebuildStart);
  const current = { ...knowledge, revision: 2 };
  // The first build opens WordNet (its index files) and reads the meanings of the domain's words.
  const rssAfterBuild = process.memoryUsage().rss;

  // A short warm-up so the JIT has seen the code paths; not measured.
  for (const m of messages.slice(0, 200)) {
    await engine.answer({
      knowledge: current,
      message: m,
      history: [],
      understanding: engine.understand(current, m, []),
    });
  }
  const samples: number[] = [];
  const kinds = new Map<string, number>();
  // CPU time of the process over the loop: what the messages cost whatever else runs on the
  // machine (wall-clock percentiles include waiting for a core when it is busy).
  const cpuStart = process.cpuUsage();
  for (const message of messages) {
    const start = process.hrtime.bigint();
    const understanding = engine.understand(current, message, []);
    const reply = await engine.answer({ knowledge: current, message, history: [], understanding });
    samples.push(elapsedMs(start));
    kinds.set(reply.kind, (kinds.get(reply.kind) ?? 0) + 1);
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuMsPerMessage = round((cpu.user + cpu.system) / 1000 / messages.length, 3);
  const latency = summarize(samples);
  const load = loadavg().map((l) => round(l, 2));
  const rssMb = (n: number) => round(n / 1024 / 1024, 1);
  console.log(
    `retrieval (${SEMANTICS}): ${ITEMS} knowledge items (articles with ${QUESTION_VARIANTS} other ways of asking), ${QUERIES} messages, load average ${load.join(' ')}`,
  );
  console.log(`index build ${buildMs.toFixed(1)} ms, rebuild on a new revision ${rebuildMs.toFixed(1)} ms`);
  console.log(
    `memory: rss ${rssMb(rssBefore)} MB before the engine, ${rssMb(rssAfterBuild)} MB after two index builds, ${rssMb(process.memoryUsage().rss)} MB after the messages`,
  );
  console.log(formatLatency('understand + answer', latency));
  console.log(`cpu time per message (mean) ${cpuMsPerMessage} ms`);
  console.log(`replies: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(
    JSON.stringify({
      bench: 'retrieval',
      semantics: SEMANTICS,
      items: ITEMS,
      questionVariants: QUESTION_VARIANTS,
      queries: QUERIES,
      buildMs: round(buildMs),
      rebuildMs: round(rebuildMs),
      latency,
      cpuMsPerMessage,
      loadAverage: load,
      rssMb: {
        before: rssMb(rssBefore),
        afterBuild: rssMb(rssAfterBuild),
        end: rssMb(process.memoryUsage().rss),
      },
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
