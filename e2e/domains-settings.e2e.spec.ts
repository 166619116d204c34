// Issue 3, screens 9 and 10 in the browser: the live preview follows the forms, the uploaded logo
// and bot icon show in it (and the uploader refuses what the spec refuses, with its messages), filter
// questions are added and deleted with the catalogue's toasts, the "Other settings" rules show.
// Issue 10: the Home tab saves links and topics; one theme colour; a colour's error goes once the
// colour is fixed; the Modern preview's leftover tiles; long words wrap; the phone breadcrumb.
import type { Locator, Page } from 'playwright-core';
import { expectFieldError, fieldErrors, formItem, SHOWN_ERRORS, useBrowser } from './support/browser';
import { ownerApi, signUpOwnerWithDomain } from './support/owner';
import { PNG } from './support/images';

const { journey } = useBrowser();

// A 1x1 PNG.

const toast = (page: Page) => page.locator('.ant-notification-notice').last();
const preview = (page: Page) => page.getByTestId('widget-preview');

/** Clicks `button` and fails with the server's answer unless the PATCH it sends succeeds. */
async function saveWith(page: Page, button: Locator): Promise<void> {
  const answer = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await button.click();
  const res = await answer;
  if (!res.ok()) throw new Error(`PATCH ${res.url()}: ${res.status()} ${await res.text()}`);
}

/** A computed style property of the element `locator` finds. */
const style = (locator: Locator, property: string) =>
  locator.evaluate(
    (el, p) =>
      (
        el.ownerDocument.defaultView as unknown as { getComputedStyle(e: unknown): Record<string, string> }
      ).getComputedStyle(el)[p],
    property,
  );

/** Whether the element's content is wider than its box (cut off or spilling out). */
const overflows = (locator: Locator) => locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

describe('domain settings with the live preview in the browser', () => {
  const domain = `mugs-${Date.now().toString(36)}.com`;
  let domainId = '';
  const { step } = journey(async (t) => {
    domainId = await signUpOwnerWithDomain(t, 'settings', domain);
    await t.page.goto(t.url(`/dashboard/settings/domains/${domainId}`));
    await preview(t.page).waitFor();
  });

  step(
    'the preview follows the welcome message, the icon style and the theme colour as they are typed',
    async ({ page }) => {
      expect(await page.getByTestId('preview-welcome').textContent()).toBe(
        'Hi there! How can we help you today?',
      );
      await page.getByLabel('Welcome message').fill('Hello from the mug shop!');
      await page.getByTestId('preview-welcome').getByText('Hello from the mug shop!').waitFor();
      await page.getByRole('radio', { name: /Friendly$/ }).click();
      expect(await page.getByTestId('preview-launcher').getAttribute('data-icon-style')).toBe('Friendly');
      await page.getByLabel('Theme colour', { exact: true }).fill('#ff0000');
      await page.waitForFunction(
        `getComputedStyle(document.querySelector('[data-testid="preview-launcher"]')).backgroundColor === 'rgb(255, 0, 0)'`,
      );
    },
  );

  step('the Other settings rules show their messages', async ({ page }) => {
    await page.getByLabel('Welcome message').fill('Hey');
    await page.getByLabel('Theme colour', { exact: true }).fill('#12345');
    await page.getByLabel('Custom link URL').fill('not a url');
    await page.getByLabel('Feedback question').fill(' ');
    await page.getByLabel('Yes button text').fill('');
    await page.getByLabel('No button text').fill('');
    await page.getByLabel('Follow-up text').fill('');
    await page.getByRole('button', { name: 'Save widget settings' }).click();
    await expectFieldError(page, 'Welcome message', 'The message must be atleast 6 characters');
    await expectFieldError(page, 'Theme colour', 'Invalid hex color');
    await expectFieldError(page, 'Custom link URL', 'Please enter a valid URL');
    await expectFieldError(page, 'Feedback question', 'Feedback question cannot be empty');
    await expectFieldError(page, 'Yes button text', 'Yes button text cannot be empty');
    await expectFieldError(page, 'No button text', 'No button text cannot be empty');
    await expectFieldError(page, 'Follow-up text', 'Follow-up text cannot be empty');
  });

  step('good settings save and stay after a reload', async ({ page }) => {
    await page.getByLabel('Welcome message').fill('Hello from the mug shop!');
    await page.getByLabel('Theme colour', { exact: true }).fill('#ff0000');
    await page.getByLabel('Custom link URL').fill('https://example.com/sale');
    await page.getByLabel('Custom link title').fill('Winter sale');
    await page.getByLabel('Feedback question').fill('Did we help?');
    await page.getByLabel('Yes button text').fill('Yes');
    await page.getByLabel('No button text').fill('No');
    await page.getByLabel('Follow-up text').fill('Thanks!');
    await page.getByRole('button', { name: 'Save widget settings' }).click();
    await toast(page).getByText('Settings saved').waitFor();
    await page.reload();
    await page.getByTestId('preview-welcome').getByText('Hello from the mug shop!').waitFor();
    expect(await page.getByTestId('preview-launcher').getAttribute('data-icon-style')).toBe('Friendly');
    await preview(page).getByText('Winter sale').waitFor();
  });

  step(
    'the uploader refuses a 3 MB JPEG, a PNG named .gif and a text file named .png with the spec messages',
    async ({ page }) => {
      const file = page.getByTestId('upload-logo');
      const error = page.getByTestId('upload-error');
      await file.setInputFiles({
        name: 'big.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.alloc(3 * 1024 * 1024, 0xff),
      });
      await error.getByText('File size must be less than 2MB', { exact: true }).waitFor();
      await file.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: PNG });
      await error.getByText('Only JPG, JPEG and PNG files are allowed', { exact: true }).waitFor();
      // The name passes the browser's check; the server reads the bytes and refuses.
      await file.setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('just some text, not an image'),
      });
      await error.getByText('Only JPG, JPEG & PNG files are accepted', { exact: true }).waitFor();
      expect(await page.getByTestId('preview-logo').count()).toBe(0);
    },
  );

  step(
    'an uploaded logo and icon show in the preview, are saved with the widget settings and stay after a reload',
    async ({ page }) => {
      await page
        .getByTestId('upload-logo')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await page
        .getByTestId('upload-icon')
        .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
      const logo = page.getByTestId('preview-logo');
      const icon = page.getByTestId('preview-icon');
      await logo.waitFor();
      await icon.waitFor();
      await page.getByTestId('preview-avatar').waitFor();
      const logoSrc = (await logo.getAttribute('src')) ?? '';
      const iconSrc = (await icon.getAttribute('src')) ?? '';
      expect(logoSrc).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
      expect(iconSrc).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
      expect(iconSrc).not.toBe(logoSrc);
      // The images really load from the gateway (1x1 PNGs).
      for (const id of ['preview-logo', 'preview-icon']) {
        await page.waitForFunction(`document.querySelector('[data-testid="${id}"]').naturalWidth === 1`);
      }
      await page.getByRole('button', { name: 'Save widget settings' }).click();
      await toast(page).getByText('Settings saved').waitFor();

      // Saved in the domain settings by id: the API answers them, and the page shows them again.
      const detail = await page.request.get(new URL(`/api/domains/${domainId}`, page.url()).href);
      const { settings } = ((await detail.json()) as { data: { settings: Record<string, string> } }).data;
      expect(`/api/images/${settings.domainLogo}`).toBe(logoSrc);
      expect(`/api/images/${settings.image}`).toBe(iconSrc);
      await page.reload();
      expect(await page.getByTestId('preview-logo').getAttribute('src')).toBe(logoSrc);
      expect(await page.getByTestId('preview-icon').getAttribute('src')).toBe(iconSrc);

      // Saving the home tab leaves the logo alone.
      await page.getByRole('tab', { name: 'Home tab' }).click();
      await page.getByLabel('Home title').fill('Mug support');
      await page.getByRole('button', { name: 'Save home tab' }).click();
      await toast(page).getByText('Settings saved').waitFor();
      await page.reload();
      await page.getByTestId('preview-logo').waitFor();
      expect(await page.getByTestId('preview-logo').getAttribute('src')).toBe(logoSrc);
      expect(await page.getByTestId('preview-title').textContent()).toBe('Mug support');
    },
  );

  step('filter questions: the rules, two added, one deleted with its toast', async ({ page }) => {
    await page.getByRole('tab', { name: 'Filter questions' }).click();
    const form = page.getByTestId('filter-question-form');
    await form.getByRole('button', { name: 'Add question' }).click();
    await expectFieldError(page, 'Question', 'Question is required');
    await expectFieldError(page, 'Answer', 'Answer is required');
    for (const [q, a] of [
      ['What is your budget?', 'Suggest mugs within it'],
      ['Is it a gift?', 'Offer gift wrapping'],
    ]) {
      await form.getByLabel('Question').fill(q!);
      await form.getByLabel('Answer').fill(a!);
      await form.getByRole('button', { name: 'Add question' }).click();
      await page.getByTestId('filter-question').filter({ hasText: q! }).waitFor();
    }
    expect(await page.getByTestId('filter-question').count()).toBe(2);
    await page.getByRole('button', { name: 'Delete question Is it a gift?' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await toast(page).getByText('Question deleted successfully').waitFor();
    await page.reload();
    await page.getByTestId('filter-question').first().waitFor();
    expect(await page.getByTestId('filter-question').allTextContents()).toEqual([
      expect.stringContaining('What is your budget?'),
    ]);
  });

  step(
    'the Home tab saves a custom link and a popular topic, then saves a title change with them',
    async (t) => {
      const { page } = t;
      await page.goto(t.url(`/dashboard/settings/domains/${domainId}?tab=home`));
      const form = page.getByTestId('home-settings-form');
      await form.getByRole('switch', { name: 'Custom links enabled' }).click();
      await form.getByRole('button', { name: 'Add link' }).click();
      await form.getByLabel('Title', { exact: true }).fill('Care guide');
      await form.getByLabel('URL', { exact: true }).fill('https://mugs.example/care');
      await form.getByLabel('Description', { exact: true }).fill('How to look after a mug');
      await form.getByRole('switch', { name: 'Popular topics enabled' }).click();
      await form.getByRole('button', { name: 'Add topic' }).click();
      await form.getByLabel('Topic', { exact: true }).fill('Shipping');
      await saveWith(page, form.getByRole('button', { name: 'Save home tab' }));
      await toast(page).getByText('Settings saved').waitFor();

      await page.reload();
      await form.waitFor();
      expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe('Care guide');
      expect(await form.getByLabel('Topic', { exact: true }).inputValue()).toBe('Shipping');
      await preview(page).getByText('Care guide', { exact: true }).waitFor();
      await preview(page).getByText('Shipping', { exact: true }).waitFor();

      // With a link and a topic kept, another save (a title change) goes through too.
      await form.getByLabel('Home title').fill('Mug help desk');
      await saveWith(page, form.getByRole('button', { name: 'Save home tab' }));
      const { data } = await ownerApi<{
        data: { homeSettings: { homeTitle: string; customLinks: Array<Record<string, string>> } };
      }>(t, 'GET', `/domains/${domainId}`);
      expect(data.homeSettings.homeTitle).toBe('Mug help desk');
      expect(data.homeSettings.customLinks).toEqual([
        {
          id: expect.stringMatching(/\S/),
          title: 'Care guide',
          url: 'https://mugs.example/care',
          description: 'How to look after a mug',
        },
      ]);
    },
  );

  step(
    'the Home tab’s rules show on the entry they are about, and nothing half-valid is saved',
    async (t) => {
      const { page } = t;
      const form = page.getByTestId('home-settings-form');
      const errorsOf = (row: Locator) => row.locator(SHOWN_ERRORS);
      const pick = (option: string) =>
        page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
      await form.getByRole('button', { name: 'Add link' }).click();
      const link = form.getByTestId('custom-link-row').nth(1);
      await link.getByLabel('URL', { exact: true }).fill('mugs');
      await form.getByRole('button', { name: 'Add topic' }).click();
      const topic = form.getByTestId('topic-row').nth(1);
      await topic.getByLabel('Topic', { exact: true }).fill('Our blog');
      await topic.getByLabel('Opens', { exact: true }).click();
      await pick('A web page');
      await form.getByRole('button', { name: 'Save home tab' }).click();
      await errorsOf(link).getByText('Please give the link a title', { exact: true }).waitFor();
      await errorsOf(link).getByText('Please enter a valid URL', { exact: true }).waitFor();
      await errorsOf(topic).getByText('Please enter a valid URL', { exact: true }).waitFor();
      // An article topic needs an article; this domain has none published yet.
      await topic.getByLabel('Opens', { exact: true }).click();
      await pick('A help article');
      await form.getByRole('button', { name: 'Save home tab' }).click();
      await errorsOf(topic).getByText('Please choose a help article', { exact: true }).waitFor();
      await topic.getByLabel('Article', { exact: true }).click();
      await page
        .locator('.ant-select-dropdown:visible')
        .getByText('No published help articles yet')
        .waitFor();
      await page.keyboard.press('Escape');
      // Fixed, the messages go as it is typed, and the save goes through.
      await link.getByLabel('Title', { exact: true }).fill('Returns');
      await link.getByLabel('URL', { exact: true }).fill('https://mugs.example/returns');
      await errorsOf(link).first().waitFor({ state: 'detached', timeout: 5_000 });
      await topic.getByRole('button', { name: 'Remove topic' }).click();
      await saveWith(page, form.getByRole('button', { name: 'Save home tab' }));
      const { data } = await ownerApi<{ data: { homeSettings: { customLinks: Array<{ title: string }> } } }>(
        t,
        'GET',
        `/domains/${domainId}`,
      );
      expect(data.homeSettings.customLinks.map((l) => l.title)).toEqual(['Care guide', 'Returns']);
    },
  );

  step(
    'one Theme colour, on the Widget tab, colours the preview’s header, button and launcher',
    async (t) => {
      const { page } = t;
      await page.goto(t.url(`/dashboard/settings/domains/${domainId}?tab=home`));
      await page.getByTestId('home-settings-form').waitFor();
      expect(await page.getByLabel('Theme colour', { exact: true }).count()).toBe(0);
      await page.getByRole('tab', { name: 'Widget' }).click();
      await page.getByLabel('Theme colour', { exact: true }).fill('#00aa00');
      const green = 'rgb(0, 170, 0)';
      await page.waitForFunction(
        `getComputedStyle(document.querySelector('[data-testid="preview-launcher"]')).backgroundColor === '${green}'`,
      );
      expect(await style(preview(page).locator('header'), 'backgroundColor')).toBe(green);
      expect(await style(preview(page).getByRole('button'), 'backgroundColor')).toBe(green);
      await saveWith(page, page.getByRole('button', { name: 'Save widget settings' }));
      // The home settings' copy is the same setting.
      const { data } = await ownerApi<{ data: { homeSettings: { themeColor: string } } }>(
        t,
        'GET',
        `/domains/${domainId}`,
      );
      expect(data.homeSettings.themeColor).toBe('#00aa00');
    },
  );

  step(
    '"Invalid hex color" shows on leaving the field and goes as soon as a valid colour is typed',
    async ({ page }) => {
      const colour = page.getByLabel('Title colour', { exact: true });
      await colour.fill('#12');
      await colour.blur();
      await expectFieldError(page, 'Title colour', 'Invalid hex color');
      await colour.fill('#123');
      await fieldErrors(page, 'Title colour').first().waitFor({ state: 'detached', timeout: 5_000 });
      // After a failed save too.
      await colour.fill('#12345');
      await page.getByRole('button', { name: 'Save widget settings' }).click();
      await expectFieldError(page, 'Title colour', 'Invalid hex color');
      await colour.fill('#123456');
      await fieldErrors(page, 'Title colour').first().waitFor({ state: 'detached', timeout: 5_000 });
      expect(await formItem(page, 'Title colour').locator('.ant-form-item-has-error').count()).toBe(0);
    },
  );

  step(
    'the Modern preview lists the tiles after the fourth as the widget does, without bullets',
    async (t) => {
      const { page } = t;
      await ownerApi(t, 'PATCH', `/domains/${domainId}/home-settings`, {
        homeLayout: 'modern',
        customLinksEnabled: true,
        customLinks: Array.from({ length: 6 }, (_, i) => ({
          id: `l${i}`,
          title: `Guide ${i + 1}`,
          url: `https://mugs.example/guide-${i + 1}`,
        })),
      });
      await page.goto(t.url(`/dashboard/settings/domains/${domainId}?tab=home`));
      const item = preview(page).getByText('Guide 6', { exact: true });
      await item.waitFor();
      const row = preview(page).locator('li').filter({ hasText: 'Guide 6' });
      expect(await style(row, 'listStyleType')).toBe('none');
      expect(await style(row.locator('..'), 'paddingLeft')).toBe('0px');
      expect(await style(row, 'borderBottomStyle')).toBe('solid');
    },
  );

  step('long unbroken words wrap in the preview instead of being cut off', async (t) => {
    const { page } = t;
    const word = 'Supercalifragilisticexpialidocious'.repeat(2);
    await ownerApi(t, 'PATCH', `/domains/${domainId}/settings`, {
      welcomeMessage: word,
      customLinkTitle: word,
      customLinkDescription: word,
      customLinkUrl: 'https://mugs.example/long',
    });
    await ownerApi(t, 'PATCH', `/domains/${domainId}/home-settings`, { homeTitle: word });
    await page.reload();
    // The home title, the welcome message, the custom link's title and its description.
    const texts = preview(page).getByText(word, { exact: true });
    await texts.nth(3).waitFor();
    const frame = (await preview(page).locator('header').boundingBox())!;
    for (const el of await texts.all()) {
      const box = (await el.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
      expect(await overflows(el)).toBe(false);
    }
  });

  step('on a 375 px phone the breadcrumb shows the page it is on in full', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 760 });
    try {
      await page.reload();
      const breadcrumb = page.getByTestId('breadcrumb');
      await breadcrumb.waitFor();
      const current = breadcrumb.locator('a[aria-current="page"]');
      expect(await current.textContent()).toBe('Domain');
      expect(await overflows(breadcrumb)).toBe(false);
      expect(await overflows(current.locator('xpath=ancestor::li[1]'))).toBe(false);
      const box = (await current.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      // Each crumb shown is whole: inside the breadcrumb's box, none cut off by it.
      const bar = (await breadcrumb.boundingBox())!;
      for (const crumb of await breadcrumb.locator('li.ant-breadcrumb-item').all()) {
        if (!(await crumb.isVisible())) continue;
        const b = (await crumb.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(bar.x);
        expect(b.x + b.width).toBeLessThanOrEqual(bar.x + bar.width);
      }
      // The crumbs above it are a tap away.
      await breadcrumb.getByRole('button', { name: 'Pages above this one' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});
