// Issue 19 in the browser: the assistant with its language-model engine on (the run's own
// OpenAI-compatible double, support/language-model.ts), as a visitor meets it. A new visitor's
// first message (sent by POST, before the widget's socket has joined the room) shows the typing
// indicator within 300 ms although the model has not started answering; and when the owner turns
// live support on while the model's answer streams into the widget, the draft goes, no bot
// message follows 'Live support mode has been enabled', the model's request is dropped, and the
// assistant's record of the turn says `aborted`.
import { eventually } from '@parley/testing';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { closeContext, useBrowser } from './support/browser';
import { startHostSite, type HostSite } from './support/host-site';
import { languageModelControl } from './support/language-model';
import { ownerApi, signUpOwnerWithDomain } from './support/owner';
import { newVisitor, send, shot } from './support/widget-chat';

const { journey } = useBrowser();
const RUN = Date.now().toString(36);
const ASSISTANT_LOG = join(__dirname, '..', '.run', 'logs', 'assistant.log');
const LIVE_TEXT = 'Live support mode has been enabled';

/** The widget's own frame (for scripts inside it; locators go through the FrameLocator). */
async function widgetAppFrame(site: Page): Promise<Frame> {
  const frame = await (await site.waitForSelector('iframe[data-parley-widget]')).contentFrame();
  if (!frame) throw new Error('the widget iframe has no frame');
  return frame;
}

/**
 * Notes in the widget's frame, as epoch milliseconds, when the send button is pressed and when
 * the typing indicator, a streamed draft and a posted bot answer are first seen from then on
 * (caught as they are added, not polled for).
 */
async function watchTurn(frame: Frame): Promise<void> {
  await frame.evaluate(`(() => {
    const now = () => performance.timeOrigin + performance.now();
    window.__turn = {};
    document.addEventListener('click', (e) => {
      if (e.target instanceof Element && e.target.closest('[data-testid="chat-send"]') && !window.__turn.sent)
        window.__turn.sent = now();
    }, true);
    const note = () => {
      const t = window.__turn;
      if (!t.sent) return;
      if (!t.accepted && document.querySelector('[data-testid="chat-message-visitor"]:not([data-pending])'))
        t.accepted = now();
      if (!t.typing && document.querySelector('[data-testid="chat-typing"]')) t.typing = now();
      if (!t.draft && document.querySelector('[data-testid="chat-bot-draft"]')) t.draft = now();
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
  })()`);
}

/** The chat's bubbles and pills in order: which kind each is, and its text. */
async function chatItems(frame: Frame): Promise<Array<{ kind: string; text: string }>> {
  return (await frame.evaluate(`[...document.querySelectorAll(
    '[data-testid="chat-messages"] [data-testid^="chat-message-"], [data-testid="chat-messages"] [data-testid="chat-pill"]'
  )].map((e) => ({
    kind: e.getAttribute('data-testid') + (e.hasAttribute('data-pending') ? ':pending' : ''),
    text: e.textContent.trim(),
  }))`)) as Array<{ kind: string; text: string }>;
}

/** The assistant's log lines about one room's visitor messages (the test stack logs to files). */
function handledLines(roomId: string): Array<Record<string, unknown>> {
  if (!existsSync(ASSISTANT_LOG)) return [];
  return readFileSync(ASSISTANT_LOG, 'utf8')
    .split('\n')
    .filter((line) => line.includes(roomId) && line.includes('visitor message handled'))
    .map((line) => JSON.parse(line.slice(line.indexOf('{'))) as Record<string, unknown>);
}

describe('the assistant with a language model, as a visitor meets it', () => {
  const domain = `llm-${RUN}.com`;
  let domainId = '';
  let host: HostSite | undefined;
  const contexts: BrowserContext[] = [];
  const model = languageModelControl(process.env.E2E_LANGUAGE_MODEL_URL ?? '');

  afterAll(async () => {
    for (const c of contexts) await closeContext(c);
    await host?.close();
  });

  const { step } = journey(
    async (t) => {
      domainId = await signUpOwnerWithDomain(t, 'llm', domain);
      await ownerApi(t, 'POST', `/domains/${domainId}/config`, {
        personality: 'friendly',
        tone: 'casual',
        businessDescription: 'Handmade ceramic mugs, thrown and glazed in our studio.',
        industry: 'retail',
        responseStyle: 'conversational',
        handoff: 'moderate',
        shippingEnabled: false,
        shippingTime: '',
        shippingRegions: [],
        shippingCosts: {},
        freeShippingThreshold: '',
      });
      await ownerApi(t, 'POST', '/help-articles', {
        domainId,
        title: 'Returns',
        question: 'Can I return a mug?',
        answer: 'Unused mugs can be returned within 30 days for a full refund.',
      });
      host = await startHostSite(t.env.gatewayUrl, domainId);
    },
    { timeoutMs: 120_000 },
  );

  step(
    'a new visitor’s first message shows the typing indicator within 300 ms while the model has not started',
    async (t) => {
      const question = `Can I return the mug from order ${RUN}-1?`;
      const pieces = ['Yes: ', 'unused mugs can be returned ', 'within 30 days for a full refund.'];
      // The model takes 3 s before it says anything (its response headers), then streams.
      await model.script({ match: question, headersDelayMs: 3_000, pieces, gapMs: 100 });
      const visitor = await newVisitor(t, host!);
      contexts.push(visitor.context);
      const frame = await widgetAppFrame(visitor.site);
      await watchTurn(frame);

      await send(visitor.widget, question);
      await visitor.widget
        .getByTestId('chat-message-assistant')
        .filter({ hasText: 'within 30 days' })
        .waitFor();
      const turn = (await frame.evaluate('window.__turn')) as {
        sent: number;
        accepted: number;
        typing?: number;
        draft?: number;
      };
      const [request] = await model.requests(question);
      const typing = turn.typing ?? Infinity;
      // From the send button: the POST (the server taking the message), then the indicator.
      process.stderr.write(
        `first message, ms after the send button: accepted ${Math.round(turn.accepted - turn.sent)}, typing ${Math.round(
          typing - turn.sent,
        )}, model started ${request?.headersAt ? Math.round(request.headersAt - turn.sent) : '?'}, draft ${
          turn.draft ? Math.round(turn.draft - turn.sent) : '?'
        }\n`,
      );
      // Within 300 ms of the message being taken (this machine's load can make the POST itself
      // slower than that; the figure above says how long it took).
      expect(typing - turn.accepted).toBeLessThanOrEqual(300);
      // The model had not started when the indicator showed: the visitor saw typing, not silence.
      expect(request?.headersAt).toBeGreaterThan(typing);
      expect(turn.draft).toBeGreaterThan(request!.headersAt!);
      await shot(visitor.site, 'assistant-language-model', 'first-message-answered');
    },
  );

  step(
    'the owner turns live on while the answer streams: the draft goes and no bot message follows the switch',
    async (t) => {
      const question = `Where is my order ${RUN}-2, and can I still return it?`;
      // 20 pieces 200 ms apart: 4 s of streaming, time for the owner to take over half-way.
      const pieces = Array.from({ length: 20 }, (_, i) => (i === 0 ? 'Your order' : ` (part ${i})`));
      await model.script({ match: question, pieces, gapMs: 200 });

      const visitor = await newVisitor(t, host!);
      contexts.push(visitor.context);
      const frame = await widgetAppFrame(visitor.site);
      const before = new Set(
        (await ownerApi<{ data: Array<{ id: string }> }>(t, 'GET', '/conversations?filter=all')).data.map(
          (r) => r.id,
        ),
      );
      const opener = 'Hello!';
      await send(visitor.widget, opener);
      await visitor.widget
        .getByTestId('chat-message-assistant')
        .filter({ hasText: 'What can I help' })
        .waitFor();

      // The owner has the visitor's conversation (the new one) open.
      const rooms = await ownerApi<{ data: Array<{ id: string }> }>(t, 'GET', '/conversations?filter=all');
      const fresh = rooms.data.filter((r) => !before.has(r.id));
      expect(fresh).toHaveLength(1);
      const roomId = fresh[0]!.id;
      await t.page.goto(t.url(`/dashboard/conversation?room=${roomId}`));
      await t.page.getByTestId('chat-window').getByText('What can I help', { exact: false }).waitFor();

      await send(visitor.widget, question);
      await visitor.widget.getByTestId('chat-bot-draft').getByText('Your order', { exact: false }).waitFor();
      await shot(visitor.site, 'assistant-language-model', 'draft-streaming');
      await t.page.getByTestId('live-switch').click();
      const switchedAt = Date.now();

      await visitor.widget.getByTestId('chat-pill').getByText(LIVE_TEXT).waitFor();
      await visitor.widget.getByTestId('chat-bot-draft').waitFor({ state: 'detached', timeout: 2_000 });
      // The model's request is dropped, well before its 20 pieces were sent.
      const request = await eventually(async () => {
        const [r] = await model.requests(question);
        expect(r?.abandoned).toBe(true);
        return r!;
      }, 5_000);
      expect(request.piecesSent).toBeLessThan(pieces.length);

      // Past the time the whole answer would have streamed and been posted.
      await t.page.waitForTimeout(Math.max(0, 4_500 - (Date.now() - switchedAt)));
      const items = await chatItems(frame);
      const pill = items.findIndex((i) => i.kind === 'chat-pill' && i.text.includes(LIVE_TEXT));
      expect(pill).toBeGreaterThan(0);
      expect(items.slice(pill + 1).filter((i) => i.kind.startsWith('chat-message-assistant'))).toEqual([]);
      expect(items.some((i) => i.text.includes('(part'))).toBe(false);
      await shot(visitor.site, 'assistant-language-model', 'live-after-abort');

      // The server's history agrees: nothing from the bot after the switch.
      const { messages } = await ownerApi<{
        messages: Array<{ message: string; decision?: unknown }>;
      }>(t, 'GET', `/conversations/${roomId}/messages?include_bot=true`);
      const switched = messages.findIndex((m) => m.message === LIVE_TEXT);
      expect(switched).toBeGreaterThan(0);
      expect(messages.slice(switched + 1).filter((m) => m.decision !== undefined)).toEqual([]);

      // The assistant's record of the turn.
      const record = await eventually(async () => {
        const line = handledLines(roomId).find((l) => l.outcome === 'aborted');
        expect(line).toBeDefined();
        return line!;
      }, 5_000);
      expect(record).toMatchObject({ outcome: 'aborted', engine: 'language-model', fallback: 'aborted' });
    },
  );
});
