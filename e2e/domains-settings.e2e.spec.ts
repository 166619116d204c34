// Issue 3, screens 9 and 10 in the browser: the live preview follows the forms, the uploaded logo
// and bot icon show in it (and the uploader refuses what the spec refuses, with its messages), filter
// questions are added and deleted with the catalogue's toasts, the "Other settings" rules show.
import type { Page } from 'playwright-core';
import { expectFieldError, useBrowser } from './support/browser';
import { signUpOwnerWithDomain } from './support/owner';

const { journey } = useBrowser();

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const toast = (page: Page) => page.locator('.ant-notification-notice').last();
const preview = (page: Page) => page.getByTestId('widget-preview');

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
});
