import { registerOwner } from './support/flows';
import { GatewayClient } from './support/http-client';
import { FRONTEND, startStack, type TestStack } from './support/stack';

let stack: TestStack;

beforeAll(async () => {
  // Identity tolerates a just-spent refresh token for a few seconds (two tabs refreshing at once).
  stack = await startStack({ identityEnv: { REFRESH_REUSE_GRACE_SECONDS: '10' } });
}, 120_000);
afterAll(async () => {
  await stack?.dispose();
});

describe('two tabs refreshing at once', () => {
  it("the slower tab gets 401 TOKEN_ROTATED and the browser keeps the faster tab's new cookies", async () => {
    const browser = stack.client({ origin: FRONTEND });
    await registerOwner(stack, browser);
    const spent = browser.cookie('parley_rt')!;

    expect((await browser.post('/api/auth/refresh')).status).toBe(200);
    const newest = browser.cookie('parley_rt')!.value;

    // The slower tab sent the old cookie; its answer must not wipe the browser's new ones.
    const slowTab = new GatewayClient(browser.baseUrl, { origin: FRONTEND, ip: browser.ip });
    slowTab.cookies.set('parley_rt', spent);
    const late = await slowTab.post('/api/auth/refresh');
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('TOKEN_ROTATED');
    expect(late.setCookies).toEqual([]);

    // The session lives on with the newest token.
    expect(browser.cookie('parley_rt')!.value).toBe(newest);
    expect((await browser.post('/api/auth/refresh')).status).toBe(200);
  });
});
