import { eventually } from '@parley/testing';
import {
  goodSignupDetails,
  verificationCode,
  waitForMail,
  type BrowserTest,
  type SignupDetails,
} from './browser';

/**
 * Calls the API on the frontend's origin from the page's context, so the session cookies land
 * in the browser. The sign-up rate limit is shared by every spec of the run (one client
 * address), so a 429 is waited out a few times.
 */
async function postApi(t: BrowserTest, path: string, data: unknown): Promise<Record<string, unknown>> {
  const headers = { origin: new URL(t.env.frontendUrl).origin };
  for (let attempt = 0; ; attempt++) {
    const res = await t.page.request.post(t.url(`/api${path}`), { data, headers });
    if (res.status() === 429 && attempt < 3) {
      await t.page.waitForTimeout((Number(res.headers()['retry-after'] ?? '5') + 1) * 1000);
      continue;
    }
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  }
}

/** The owner's API through the frontend, with the session cookies of the journey's page. */
export async function ownerApi<T = unknown>(
  t: BrowserTest,
  method: string,
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await t.page.request.fetch(t.url(`/api${path}`), {
    method,
    data,
    headers: { origin: new URL(t.env.frontendUrl).origin },
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A new STANDARD owner through the API (the sign-up UI has its own specs), signed in in the page;
 * returns the details it signed up with.
 */
export async function signUpOwner(t: BrowserTest, label: string): Promise<SignupDetails> {
  const details = goodSignupDetails(label);
  const started = await postApi(t, '/auth/signup', { ...details, selectedPlan: 'STANDARD' });
  const code = verificationCode(await waitForMail(t.env, details.email));
  await postApi(t, '/auth/signup/verify', { signupId: started.signupId, otp: code });
  await postApi(t, '/auth/signup/complete', {
    signupId: started.signupId,
    products: 'Handmade ceramic mugs',
    categories: 'Mugs, plates',
    targetAudience: 'Coffee lovers',
  });
  return details;
}

/** signUpOwner, then one domain added through the API; returns its id. */
export async function signUpOwnerWithDomain(t: BrowserTest, label: string, domain: string): Promise<string> {
  await signUpOwner(t, label);
  const added = (await postApi(t, '/domains', { domain })) as { data: { id: string } };
  return added.data.id;
}

/**
 * The owner sets up payouts (Stripe Connect's onboarding, on the local Stripe server's page) and
 * waits until billing has heard the account can take charges: what a domain's 'Payments enabled'
 * needs before it can be switched on.
 */
export async function connectPayouts(t: BrowserTest): Promise<void> {
  const { data } = await ownerApi<{ data: { url: string } }>(t, 'GET', '/payments/connect');
  await t.page.goto(data.url);
  await t.page.getByRole('button', { name: 'Complete onboarding' }).click();
  await t.page.waitForURL(/\/dashboard\/settings/);
  await eventually(async () =>
    expect(
      (await ownerApi<{ data: { chargesEnabled: boolean } }>(t, 'GET', '/payments/connect/status')).data
        .chargesEnabled,
    ).toBe(true),
  );
}
