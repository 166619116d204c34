// Browser specs: Debian's Chromium driven by playwright-core, one browser per spec file, a fresh
// context (cookies, storage) per test, and a screenshot in test-results/ when a test fails.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { recordPageTrail, type PageTrail } from './page-trail';
import { CHROMIUM_PATH, e2eEnvironment, type E2eEnvironment } from './stack';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

const RESULTS_DIR = join(__dirname, '..', '..', 'test-results');
const LOGS_DIR = join(__dirname, '..', '..', '.run', 'logs');
const trails = new WeakMap<BrowserContext, PageTrail>();

export interface BrowserTest {
  page: Page;
  context: BrowserContext;
  env: E2eEnvironment;
  /** An absolute URL on the frontend. */
  url(path: string): string;
}

export interface BrowserTestOptions {
  viewport?: { width: number; height: number };
  timeoutMs?: number;
}

/**
 * Chromium now and then never answers the disposal of a browser context (Target.disposeBrowserContext),
 * which left a spec's afterAll waiting until its hook timeout although every test had passed.
 * Pages are closed first, each step is bounded, and a hang is reported instead of failing the run:
 * the browser itself is closed (or killed with the test process) at the end of the file anyway.
 */
export async function closeContext(context: BrowserContext | undefined): Promise<void> {
  if (!context) return;
  await bounded(
    Promise.all(context.pages().map((p) => p.close({ runBeforeUnload: false }).catch(() => undefined))),
    10_000,
    'closing the pages of a browser context',
  );
  await bounded(context.close(), 15_000, 'closing a browser context');
}

async function bounded(work: Promise<unknown>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    const outcome = await Promise.race([work.then(() => 'done' as const), timedOut]);
    if (outcome === 'timeout') process.stderr.write(`${what} did not finish within ${ms} ms; going on\n`);
  } catch (error) {
    process.stderr.write(`${what} failed: ${error instanceof Error ? error.message : error}\n`);
  } finally {
    clearTimeout(timer);
  }
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);

async function reportFailure(page: Page, testName: string): Promise<void> {
  try {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const spec = basename(expect.getState().testPath ?? 'spec').replace(/\.e2e\.spec\.ts$/, '');
    const file = join(RESULTS_DIR, `${spec}--${slug(testName)}.png`);
    await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
    process.stderr.write(`screenshot of the failure: ${file}\n`);
  } catch (error) {
    process.stderr.write(
      `could not save a failure screenshot: ${error instanceof Error ? error.message : error}\n`,
    );
  }
  await reportPage(page);
  try {
    reportProgramLogs();
  } catch {
    // the logs are a help, not part of the verdict
  }
}

/** After a failure: where the page was, the errors it showed on its fields, and its trail. */
async function reportPage(page: Page): Promise<void> {
  try {
    const shown = await page
      .locator(SHOWN_ERRORS)
      .allTextContents()
      .catch(() => []);
    const lines = [
      `at ${page.url()}`,
      ...shown.map((text) => `field error on show: ${text.trim()}`),
      ...(trails.get(page.context())?.lines() ?? []),
    ];
    process.stderr.write(`--- the page ---\n${lines.join('\n')}\n`);
  } catch {
    // as with the logs: a help, not the verdict
  }
}

/**
 * After a failure: each program's latest warnings and errors, and the assistant's latest turns,
 * so a CI log says which side (server or page) let the step down.
 */
function reportProgramLogs(): void {
  if (!existsSync(LOGS_DIR)) return;
  for (const file of readdirSync(LOGS_DIR).filter((f) => f.endsWith('.log'))) {
    const telling = readFileSync(join(LOGS_DIR, file), 'utf8')
      .split('\n')
      .filter((line) => /"level":(4|5|6)0/.test(line) || line.includes('"visitor message handled"'))
      .slice(-8);
    if (telling.length) process.stderr.write(`--- ${file} (latest) ---\n${telling.join('\n')}\n`);
  }
}

/**
 * Call once at the top of a spec file: launches Chromium before the file's tests, closes it
 * after, and returns `browserTest`, which runs a test in its own context and keeps a screenshot
 * when it fails.
 */
export function useBrowser(): {
  browserTest(name: string, body: (t: BrowserTest) => Promise<void>, options?: BrowserTestOptions): void;
  /**
   * Tests that continue one journey on one page (e.g. the rules of one sign-up step): `setUp`
   * runs once before them; each `step` runs in order and keeps a screenshot when it fails.
   */
  journey(
    setUp: (t: BrowserTest) => Promise<void>,
    options?: BrowserTestOptions,
  ): {
    step(name: string, body: (t: BrowserTest) => Promise<void>, options?: BrowserTestOptions): void;
  };
} {
  let browser: Browser | undefined;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    if (browser) await bounded(browser.close(), 30_000, 'closing the browser');
  });

  async function open(options: BrowserTestOptions): Promise<BrowserTest> {
    if (!browser) throw new Error('the browser did not start');
    const env = e2eEnvironment();
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 860 } });
    trails.set(context, await recordPageTrail(context));
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.setDefaultNavigationTimeout(30_000);
    const url = (path: string) => new URL(path, env.frontendUrl).toString();
    return { page, context, env, url };
  }

  return {
    journey(setUp, journeyOptions = {}) {
      let shared: BrowserTest | undefined;
      beforeAll(async () => {
        shared = await open(journeyOptions);
        try {
          await setUp(shared);
        } catch (error) {
          await reportFailure(shared.page, 'journey set-up');
          throw error;
        }
      }, journeyOptions.timeoutMs ?? 120_000);
      afterAll(async () => {
        await closeContext(shared?.context);
      });
      return {
        step(name, body, options = {}) {
          it(
            name,
            async () => {
              if (!shared) throw new Error('the journey did not start');
              try {
                await body(shared);
              } catch (error) {
                await reportFailure(shared.page, name);
                throw error;
              }
            },
            options.timeoutMs,
          );
        },
      };
    },

    browserTest(name, body, options = {}) {
      it(
        name,
        async () => {
          const t = await open(options);
          try {
            await body(t);
          } catch (error) {
            await reportFailure(t.page, name);
            throw error;
          } finally {
            await closeContext(t.context);
          }
        },
        options.timeoutMs,
      );
    },
  };
}

/**
 * Waits for the app's toast saying `text` (title or description) to have shown on this test's
 * page since the last toast waited for, even if it is gone again (see PageTrail.nextToast).
 */
export async function toastShown(page: Page, text: string, timeoutMs = 20_000): Promise<void> {
  const trail = trails.get(page.context());
  if (!trail) throw new Error('toastShown needs a page of a browserTest or journey');
  await trail.nextToast(text, timeoutMs);
}

/** A new address per call, so tests never collide with each other or with earlier runs. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The antd form item whose label is `label` (exactly). */
export function formItem(page: Page, label: string): Locator {
  return page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
}

/** Field errors on show: antd keeps a replaced message in the page while it fades out. */
export const SHOWN_ERRORS = '.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)';

/** The error messages shown under the field labelled `label` (under every field if omitted). */
export function fieldErrors(page: Page, label?: string): Locator {
  return (label ? formItem(page, label) : page).locator(SHOWN_ERRORS);
}

/** Waits until the field labelled `label` shows exactly `message` under it. */
export async function expectFieldError(page: Page, label: string, message: string): Promise<void> {
  const errors = fieldErrors(page, label);
  await errors.getByText(message, { exact: true }).waitFor({ state: 'visible' });
  expect((await errors.allTextContents()).map((t) => t.trim())).toContain(message);
}

/**
 * Waits until the plain (not antd) field labelled `label` is marked invalid and the message it
 * points to with aria-describedby is `message`: the public pages' forms, which load no antd.
 */
export async function expectDescribedError(
  page: Page,
  label: string,
  message: string,
  timeoutMs = 5_000,
): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const invalid = await field.getAttribute('aria-invalid');
    const ids = (await field.getAttribute('aria-describedby'))?.split(/\s+/).filter(Boolean) ?? [];
    const said = await Promise.all(
      ids.map(async (id) => (await page.locator(`[id="${id}"]`).textContent())?.trim()),
    );
    if ((invalid === 'true' && said.includes(message)) || Date.now() > deadline) {
      expect({ invalid, said }).toEqual({ invalid: 'true', said: expect.arrayContaining([message]) });
      return;
    }
    await page.waitForTimeout(100);
  }
}

/** Waits until the shown field errors of the whole page are exactly `messages`. */
export async function expectShownErrors(page: Page, messages: string[], timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = (await fieldErrors(page).allTextContents()).map((t) => t.trim()).filter(Boolean);
    if (JSON.stringify(shown) === JSON.stringify(messages) || Date.now() > deadline) {
      expect(shown).toEqual(messages);
      return;
    }
    await page.waitForTimeout(100);
  }
}

/** Waits until `predicate(pathname + search)` holds for the page's URL. */
export async function waitForPath(
  page: Page,
  predicate: (path: string) => boolean,
  timeoutMs = 20_000,
): Promise<string> {
  await page.waitForURL((u) => predicate(`${u.pathname}${u.search}`), { timeout: timeoutMs });
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

export interface CaughtMail {
  id: string;
  to: string[] | string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/** Polls the mail catcher until a mail to `to` arrives (newest first), or fails after the deadline. */
export async function waitForMail(
  env: E2eEnvironment,
  to: string,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<CaughtMail> {
  const wanted = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const res = await fetch(`${env.mailcatcherUrl}/api/messages?to=${encodeURIComponent(to)}`);
    if (res.ok) {
      const mails = (await res.json()) as CaughtMail[];
      if (mails.length >= wanted) {
        return [...mails].sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt))[0]!;
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail number ${wanted} to ${to} within the deadline`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function verificationCode(mail: CaughtMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
  return match[1]!;
}

/** Empties every box of antd's Input.OTP. */
export async function clearCode(page: Page): Promise<void> {
  const boxes = page.locator('.ant-otp input');
  for (let i = (await boxes.count()) - 1; i >= 0; i--) await boxes.nth(i).fill('');
}

/** Types a code into antd's Input.OTP (it moves to the next box by itself). */
export async function enterCode(page: Page, code: string): Promise<void> {
  const boxes = page.locator('.ant-otp input');
  await boxes.first().click();
  await page.keyboard.type(code, { delay: 30 });
}

export interface SignupDetails {
  fullname: string;
  email: string;
  confirmEmail: string;
  password: string;
  confirmPassword: string;
}

export function goodSignupDetails(tag: string): SignupDetails {
  const email = uniqueEmail(tag);
  return {
    fullname: 'Jane Cooper',
    email,
    confirmEmail: email,
    password: 'correct-horse_42',
    confirmPassword: 'correct-horse_42',
  };
}

/** Fills step 1 of sign-up in the order of screen 7. */
export async function fillSignupDetails(page: Page, d: SignupDetails): Promise<void> {
  await page.getByLabel('Full name', { exact: true }).fill(d.fullname);
  await page.getByLabel('Email', { exact: true }).fill(d.email);
  await page.getByLabel('Confirm Email', { exact: true }).fill(d.confirmEmail);
  await page.getByLabel('Password', { exact: true }).fill(d.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(d.confirmPassword);
}

/** Sign-up steps 1 and 2 through the UI, with the code from the mail catcher; leaves the page on step 3. */
export async function signUpToOnboarding(
  t: BrowserTest,
  details: SignupDetails,
  plan: 'STANDARD' | 'PRO' = 'STANDARD',
): Promise<void> {
  await t.page.goto(t.url(`/auth/sign-up?plan=${plan}`));
  await fillSignupDetails(t.page, details);
  await submitSignupDetails(t.page);
  const code = verificationCode(await waitForMail(t.env, details.email));
  await enterCode(t.page, code);
  await t.page.getByRole('button', { name: 'Verify email' }).click();
  await t.page.getByTestId('signup-step-onboarding').waitFor();
}

/**
 * Clicks Continue on sign-up step 1 and waits for the answer: the code step or a refusal. Every
 * browser of the run reaches the gateway from one address, so the sign-up rate limit (5 a minute
 * per IP) is shared by all specs: when the page shows the limit's wait, wait that long and submit
 * again. Returns the refusal's text, or null once the code step shows.
 */
export async function continueSignup(page: Page, attempts = 3): Promise<string | null> {
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: 'Continue' }).click();
    const codeStep = page.getByTestId('signup-step-code');
    const error = page.getByTestId('form-error');
    await codeStep.or(error).first().waitFor();
    if (await codeStep.isVisible()) return null;
    const text = (await error.textContent()) ?? '';
    const wait = /Try again in (?:(\d+) minutes? ?)?(?:(\d+) seconds?)?/.exec(text);
    if (!wait || attempt >= attempts) return text;
    const seconds = Number(wait[1] ?? 0) * 60 + Number(wait[2] ?? 0);
    await page.waitForTimeout((seconds + 1) * 1000);
  }
}

/** Clicks Continue on sign-up step 1 and fails unless the code step follows. */
export async function submitSignupDetails(page: Page): Promise<void> {
  const refusal = await continueSignup(page);
  if (refusal !== null) throw new Error(`sign-up was refused: ${refusal}`);
}

/** Logs in through the sign-in form and waits for the dashboard. */
export async function logInThroughUi(t: BrowserTest, email: string, password: string): Promise<void> {
  await t.page.goto(t.url('/auth/sign-in'));
  await t.page.getByLabel('Email', { exact: true }).fill(email);
  await t.page.getByLabel('Password', { exact: true }).fill(password);
  await t.page.getByRole('button', { name: 'Log In' }).click();
  await waitForPath(t.page, (p) => p.startsWith('/dashboard'));
}
