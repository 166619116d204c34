// Issue 10, item 2 in the browser: a domain asks two filter questions, one of them the visitor's
// email. The assistant asks each once, in the owner's order; the email is kept as the email
// question's answer and the next reply as the roast question's; the widget's booking flow finds
// both answered and the owner's conversation page shows each answer under its own question. Then
// visitors who do not follow the script: an answer out of order, two answers in one message, a
// refusal, an invalid email, and a changed answer.
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { closeContext, useBrowser, type BrowserTest } from './support/browser';
import { startHostSite, type HostSite } from './support/host-site';
import { ownerApi, signUpOwnerWithDomain } from './support/owner';
import { botTexts, newVisitor, say, shot } from './support/widget-chat';

const { journey } = useBrowser();
const SPEC = 'assistant-filter-questions';

const EMAIL_QUESTION = 'What is your email address?';
const ROAST_QUESTION = 'Which roast do you prefer?';
const ALL_ANSWERED = 'Thank you, that helps!';

interface CustomerAnswer {
  questionId: string;
  question: string;
  answer: string;
}

describe('the assistant asks the filter questions and keeps each answer with its question', () => {
  const domain = `filters-${Date.now().toString(36)}.com`;
  let domainId = '';
  let host: HostSite | undefined;
  const contexts: BrowserContext[] = [];
  let site: Page;
  let widget: FrameLocator;

  afterAll(async () => {
    for (const c of contexts) await closeContext(c);
    await host?.close();
  });

  /** The room of the customer with `email`, as the owner's conversation list has it. */
  async function roomOf(t: BrowserTest, email: string): Promise<string> {
    for (let i = 0; ; i++) {
      const list = await ownerApi<{ data: { id: string; customerEmail: string | null }[] }>(
        t,
        'GET',
        `/conversations?domainId=${domainId}`,
      );
      const room = list.data.find((r) => r.customerEmail === email);
      if (room) return room.id;
      if (i === 50) throw new Error(`no room of ${email} in the owner's list`);
      await t.page.waitForTimeout(200);
    }
  }

  /** The answers the owner's API holds for the room's customer, by question. */
  async function answersOf(t: BrowserTest, roomId: string): Promise<Record<string, string>> {
    const customer = await ownerApi<{ data: { answers: CustomerAnswer[] } }>(
      t,
      'GET',
      `/conversations/${roomId}/customer`,
    );
    return Object.fromEntries(customer.data.answers.map((a) => [a.question, a.answer]));
  }

  /** How often the bot asked `question` in the chat. */
  const timesAsked = (texts: string[], question: string) => texts.filter((t) => t.includes(question)).length;

  const { step } = journey(
    async (t) => {
      domainId = await signUpOwnerWithDomain(t, 'filters', domain);
      await ownerApi(t, 'PATCH', `/domains/${domainId}/settings`, {
        welcomeMessage: 'Hi! Welcome to the roastery.',
      });
      await ownerApi(t, 'POST', `/domains/${domainId}/config`, {
        personality: 'friendly',
        tone: 'casual',
        businessDescription: 'Small-batch coffee roastery in Leeds, shipping fresh beans every week.',
        industry: 'retail',
        responseStyle: 'conversational',
        handoff: 'moderate',
        shippingEnabled: false,
        shippingTime: '',
        shippingRegions: [],
        shippingCosts: {},
        freeShippingThreshold: '',
      });
      // In this order: the assistant asks them in the owner's order.
      await ownerApi(t, 'POST', '/settings/filter-questions', {
        domainId,
        question: EMAIL_QUESTION,
        answer: 'We only use it to follow up on your order.',
      });
      await ownerApi(t, 'POST', '/settings/filter-questions', {
        domainId,
        question: ROAST_QUESTION,
        answer: 'We roast light, medium and dark beans every Monday.',
      });
      host = await startHostSite(t.env.gatewayUrl, domainId, 'Roastery');
    },
    { timeoutMs: 120_000 },
  );

  step('each question is asked once, and each reply is kept as the answer to its own question', async (t) => {
    if (!host) throw new Error('no host site');
    ({ site, widget } = await newVisitor(t, host).then((v) => (contexts.push(v.context), v)));

    expect(await say(widget, 'Hello!', EMAIL_QUESTION)).not.toContain(ROAST_QUESTION);
    const afterEmail = await say(widget, 'jane@example.com', ROAST_QUESTION);
    expect(afterEmail.join(' ')).toContain('jane@example.com');
    expect(afterEmail.join(' ')).not.toContain(EMAIL_QUESTION);
    await say(widget, 'Dark roast please', ALL_ANSWERED);
    await shot(site, SPEC, 'dialogue');

    const texts = await botTexts(widget);
    expect(timesAsked(texts, EMAIL_QUESTION)).toBe(1);
    expect(timesAsked(texts, ROAST_QUESTION)).toBe(1);

    const roomId = await roomOf(t, 'jane@example.com');
    expect(await answersOf(t, roomId)).toEqual({
      [EMAIL_QUESTION]: 'jane@example.com',
      [ROAST_QUESTION]: 'Dark roast please',
    });
  });

  step('the widget’s booking flow finds both questions answered', async () => {
    await say(widget, 'could we set up a call?', 'Pick a time');
    const offer = widget
      .getByTestId('chat-message-assistant')
      .filter({ has: widget.getByTestId('chat-action-booking') });
    await offer.getByTestId('chat-action-booking').click();
    const flow = widget.getByTestId('booking');
    // Every question answered: the flow skips 'Details' and starts at picking a time.
    await flow.getByTestId('booking-step-title').getByText('Book a meeting').waitFor();
    await flow.getByRole('button', { name: 'Edit Questions?' }).click();
    const form = flow.getByTestId('booking-questions');
    await form.waitFor();
    expect(await form.getByLabel(EMAIL_QUESTION).inputValue()).toBe('jane@example.com');
    expect(await form.getByLabel(ROAST_QUESTION).inputValue()).toBe('Dark roast please');
    await shot(site, SPEC, 'booking-details');
    await flow.getByRole('button', { name: 'Close' }).last().click();
    await flow.waitFor({ state: 'detached' });
  });

  step('the owner’s conversation page shows each answer under its question', async (t) => {
    const roomId = await roomOf(t, 'jane@example.com');
    await t.page.goto(t.url(`/dashboard/conversation?room=${roomId}`));
    const insights = t.page.getByTestId('insights').first();
    await insights.getByText('Customer answers').waitFor();
    const pairs = insights.locator('dl > div');
    await pairs.first().waitFor();
    const shown = await pairs.evaluateAll((divs) =>
      divs.map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? '']),
    );
    expect(Object.fromEntries(shown)).toEqual({
      [EMAIL_QUESTION]: 'jane@example.com',
      [ROAST_QUESTION]: 'Dark roast please',
    });
    await shot(t.page, SPEC, 'owner-answers');
  });

  /** Opens the booking flow from the chat and returns its 'Details' answers, or null when skipped. */
  async function bookingDetails(chat: FrameLocator): Promise<Record<string, string> | null> {
    await say(chat, 'can I book a call?', 'Pick a time');
    await chat
      .getByTestId('chat-message-assistant')
      .filter({ has: chat.getByTestId('chat-action-booking') })
      .last()
      .getByTestId('chat-action-booking')
      .click();
    const flow = chat.getByTestId('booking');
    const title = flow.getByTestId('booking-step-title');
    await title.waitFor();
    let details: Record<string, string> | null = null;
    if ((await title.textContent()) === 'Details') {
      details = {};
      for (const question of [EMAIL_QUESTION, ROAST_QUESTION])
        details[question] = await flow.getByLabel(question).inputValue();
    }
    await flow.getByRole('button', { name: 'Close' }).last().click();
    await flow.waitFor({ state: 'detached' });
    return details;
  }

  step('out of order, a mistyped email and a changed answer: each kept with its own question', async (t) => {
    if (!host) throw new Error('no host site');
    const v = await newVisitor(t, host);
    contexts.push(v.context);
    await say(v.widget, 'Hi', EMAIL_QUESTION);
    // The roast before the email: kept as the roast, and the email asked again.
    expect(await say(v.widget, 'Medium roast for me', EMAIL_QUESTION)).toEqual([`Thanks! ${EMAIL_QUESTION}`]);
    expect(await say(v.widget, 'sam@example', EMAIL_QUESTION)).toEqual([
      `That doesn't look like an email address (it should look like name@example.com). ${EMAIL_QUESTION}`,
    ]);
    await say(v.widget, 'sam@example.com', 'sam@example.com');
    expect(await say(v.widget, 'Actually, make it dark roast', 'updated')).toEqual([
      "Got it, I've updated your answer.",
    ]);
    await shot(v.site, SPEC, 'out-of-script');
    const texts = await botTexts(v.widget);
    expect(timesAsked(texts, ROAST_QUESTION)).toBe(0);

    const roomId = await roomOf(t, 'sam@example.com');
    expect(await answersOf(t, roomId)).toEqual({
      [EMAIL_QUESTION]: 'sam@example.com',
      [ROAST_QUESTION]: 'Actually, make it dark roast',
    });
    expect(await bookingDetails(v.widget)).toBeNull();
  });

  step('two answers in one message, and a refusal that is respected', async (t) => {
    if (!host) throw new Error('no host site');
    const both = await newVisitor(t, host);
    contexts.push(both.context);
    await say(both.widget, 'Hello', EMAIL_QUESTION);
    await say(both.widget, 'lee@example.com, and light roast please', ALL_ANSWERED);
    expect(await answersOf(t, await roomOf(t, 'lee@example.com'))).toEqual({
      [EMAIL_QUESTION]: 'lee@example.com',
      [ROAST_QUESTION]: 'light roast please',
    });
    expect(await bookingDetails(both.widget)).toBeNull();

    const shy = await newVisitor(t, host);
    contexts.push(shy.context);
    await say(shy.widget, 'Hello', EMAIL_QUESTION);
    expect(await say(shy.widget, "I'd rather not say", ROAST_QUESTION)).toEqual([
      "No problem, let's skip that.",
      ROAST_QUESTION,
    ]);
    await say(shy.widget, 'Dark, please', ALL_ANSWERED);
    await say(shy.widget, 'Do you roast every week?', 'Monday');
    expect(timesAsked(await botTexts(shy.widget), EMAIL_QUESTION)).toBe(1);
    // The widget's form still lets them give it: the email stays unanswered, the roast is kept.
    expect(await bookingDetails(shy.widget)).toEqual({
      [EMAIL_QUESTION]: '',
      [ROAST_QUESTION]: 'Dark, please',
    });
    await shot(shy.site, SPEC, 'refusal');
  });
});
