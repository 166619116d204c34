// Issue 14 items 2-4 in the browser: the admin keeps categories and tags, writes a post with every
// field of the editor and publishes it, and it appears on /blog (with its share cards); the admin
// opens a job listing with every field, a visitor applies on /careers with a PDF (the form's
// errors shown on its fields first), gets the confirmation mail, and the admin sees the
// application (bell, list, drawer), downloads the CV, changes its status and notes it. An owner
// gets 403 from every admin route and sees no admin entry.
import { pdfOf } from '@parley/content/test/pdf';
import { jpegOf } from '@parley/content/test/images';
import type { BrowserContext, Page } from 'playwright-core';
import {
  closeContext,
  expectFieldError,
  logInThroughUi,
  toastShown,
  uniqueEmail,
  useBrowser,
  waitForMail,
  waitForPath,
  type BrowserTest,
} from './support/browser';
import { ownerApi, signUpOwner } from './support/owner';

const { journey, browserTest } = useBrowser();
const RUN = Date.now().toString(36);

/** Picks `option` in the antd Select inside `container`. */
async function choose(page: Page, select: ReturnType<Page['locator']>, option: string) {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

describe('admin content, the blog and careers', () => {
  const category = `Guides ${RUN}`;
  const categoryRenamed = `Product guides ${RUN}`;
  const tagKept = `Widgets ${RUN}`;
  const tagDropped = `Drafts ${RUN}`;
  const title = `Setting up the widget ${RUN}`;
  const slug = `widget-setup-${RUN}`;
  const job = `Support engineer ${RUN}`;
  const applicant = uniqueEmail('applicant');
  let visitor: BrowserContext;
  let visitorPage: Page;

  const { step } = journey(async (t) => {
    await logInThroughUi(t, t.env.adminEmail, t.env.adminPassword);
    visitor = await t.context.browser()!.newContext({ viewport: { width: 1280, height: 860 } });
    visitorPage = await visitor.newPage();
    visitorPage.setDefaultTimeout(20_000);
  });
  afterAll(async () => closeContext(visitor));

  step('the Admin Overview counts the platform', async ({ page, url }) => {
    await page.goto(url('/dashboard/admin'));
    const counts = page.getByTestId('admin-counts');
    await counts.waitFor();
    for (const label of [
      'Accounts',
      'PRO subscriptions',
      'Domains',
      'Conversations',
      'Messages',
      'Applications waiting',
    ])
      await counts.getByText(label, { exact: true }).waitFor();
    expect(
      Number((await page.getByTestId('count-accounts').locator('strong').textContent())?.replace(/,/g, '')),
    ).toBeGreaterThanOrEqual(0);
  });

  step('categories: create with a description, then rename', async ({ page, url }) => {
    await page.goto(url('/dashboard/admin/categories'));
    await page.getByRole('button', { name: 'New category' }).click();
    const form = page.getByTestId('category-form');
    await page.getByRole('button', { name: 'Create category' }).click();
    await expectFieldError(page, 'Name', 'Category name is required');
    await form.getByLabel('Name').fill(category);
    await form.getByLabel('Description').fill('How to get the most out of Parley');
    await page.getByRole('button', { name: 'Create category' }).click();
    await toastShown(page, 'The category was created');
    const row = page.getByTestId('category-row').filter({ hasText: category });
    await row.waitFor();
    await row.getByRole('button', { name: `Edit ${category}` }).click();
    await page.getByTestId('category-form').getByLabel('Name').fill(categoryRenamed);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('category-row').filter({ hasText: categoryRenamed }).waitFor();
    await page
      .getByTestId('category-row')
      .filter({ hasText: `/blog?category=product-guides-${RUN}` })
      .waitFor();
  });

  step('tags: create two, a duplicate name is refused on its field, delete one', async ({ page, url }) => {
    await page.goto(url('/dashboard/admin/tags'));
    for (const name of [tagKept, tagDropped]) {
      await page.getByRole('button', { name: 'New tag' }).click();
      await page.getByTestId('tag-form').getByLabel('Name').fill(name);
      await page.getByRole('button', { name: 'Create tag' }).click();
      await page.getByTestId('tag-row').filter({ hasText: name }).waitFor();
    }
    await page.getByRole('button', { name: 'New tag' }).click();
    await page.getByTestId('tag-form').getByLabel('Name').fill(tagKept.toUpperCase());
    await page.getByRole('button', { name: 'Create tag' }).click();
    await expectFieldError(page, 'Name', 'A tag with this name already exists');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Delete ${tagDropped}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('tag-row').filter({ hasText: tagDropped }).waitFor({ state: 'detached' });
  });

  step(
    'a post with every field is published and shows on /blog with its share cards',
    async ({ page, url }) => {
      await page.goto(url('/dashboard/admin/blogs'));
      await page.getByRole('link', { name: 'New post' }).click();
      await waitForPath(page, (p) => p === '/dashboard/admin/blogs/new');
      const form = page.getByTestId('post-form');
      await form.waitFor();
      // The rules show on their fields before anything is sent.
      await form.getByTestId('post-status').getByText('Published').click();
      await form.getByLabel('Author').fill('');
      await page.getByTestId('post-save').click();
      await expectFieldError(page, 'Title', 'Title is required');
      await expectFieldError(page, 'Author', 'Author is required');

      await form.getByLabel('Title').fill(title);
      expect(await form.getByLabel('Address').inputValue()).toBe(`setting-up-the-widget-${RUN}`);
      await form.getByLabel('Address').fill(slug);
      await form.getByLabel('Summary').fill('Five minutes from sign-up to the first answered visitor.');
      const body = page.getByTestId('post-body');
      await body.click();
      await page.getByRole('button', { name: 'Heading', exact: true }).click();
      await page.keyboard.type('Before you start');
      await page.keyboard.press('Enter');
      await page.keyboard.type('You need ');
      await page.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type('one domain');
      await page.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type(' and a page to put the widget on.');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Bulleted list' }).click();
      await page.keyboard.type('Add the domain');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Paste the snippet');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Link', exact: true }).click();
      await page.getByLabel('Link address').fill('https://parley.chat/docs');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByTestId('post-body-image-input').setInputFiles({
        name: 'snippet.jpg',
        mimeType: 'image/jpeg',
        buffer: await jpegOf(640, 360),
      });
      await body.locator('img[src^="/api/images/"]').waitFor();
      await form.getByLabel('Author').fill('Ada Admin');
      await choose(page, form.getByTestId('post-category'), categoryRenamed);
      await choose(page, form.getByTestId('post-tags'), tagKept);
      await page.keyboard.press('Escape');
      await form
        .getByTestId('cover-input')
        .setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await jpegOf(1200, 630) });
      await form.getByTestId('cover-preview').waitFor();
      await form.getByLabel('Describe the image').fill('The widget on a ceramics shop');
      await page.getByTestId('post-save').click();
      await toastShown(page, 'Post published');
      await waitForPath(page, (p) => /^\/dashboard\/admin\/blogs\/[0-9a-f-]{36}$/.test(p));
      // Saved: reloading shows every field as it was written.
      await page.reload();
      await form.waitFor();
      expect(await form.getByLabel('Title').inputValue()).toBe(title);
      expect(await form.getByLabel('Address').inputValue()).toBe(slug);
      expect(await form.getByLabel('Summary').inputValue()).toBe(
        'Five minutes from sign-up to the first answered visitor.',
      );
      expect(await form.getByLabel('Author').inputValue()).toBe('Ada Admin');
      expect(await form.getByLabel('Describe the image').inputValue()).toBe('The widget on a ceramics shop');
      await form.getByTestId('post-category').getByText(categoryRenamed).waitFor();
      await form.getByTestId('post-tags').getByText(tagKept).waitFor();
      await form.getByTestId('cover-preview').waitFor();
      await page.getByTestId('post-body').getByRole('heading', { name: 'Before you start' }).waitFor();

      await visitorPage.goto(url('/blog'));
      const card = visitorPage.getByTestId('blog-post-card').filter({ hasText: title });
      await card.waitFor();
      await visitorPage.getByRole('link', { name: new RegExp(`^${categoryRenamed}`) }).click();
      await waitForPath(visitorPage, (p) => p === `/blog?category=product-guides-${RUN}`);
      await visitorPage.getByRole('heading', { name: categoryRenamed, level: 1 }).waitFor();
      await visitorPage.getByTestId('blog-post-card').filter({ hasText: title }).click();
      await waitForPath(visitorPage, (p) => p === `/blog/${slug}`);
      const article = visitorPage.getByTestId('blog-post-body');
      await article.getByRole('heading', { name: 'Before you start', level: 2 }).waitFor();
      expect(await article.locator('strong').first().textContent()).toBe('one domain');
      expect(await article.locator('li').count()).toBe(2);
      const link = article.locator('a[href="https://parley.chat/docs"]');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      await article.locator('img[src^="/api/images/"]').waitFor();
      await visitorPage.getByText('By Ada Admin').waitFor();
      const meta = (property: string) =>
        visitorPage
          .locator(`meta[property="${property}"], meta[name="${property}"]`)
          .first()
          .getAttribute('content');
      expect(await meta('og:title')).toBe(title);
      expect(await meta('og:type')).toBe('article');
      expect(await meta('og:description')).toBe('Five minutes from sign-up to the first answered visitor.');
      expect(await meta('og:image')).toMatch(/^http:\/\/[^/]+\/api\/images\/[0-9a-f-]{36}$/);
      expect(await meta('twitter:card')).toBe('summary_large_image');
      expect(await visitorPage.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
        new RegExp(`/blog/${slug}$`),
      );
      const cover = await visitor.request.get(
        url((await meta('og:image'))!.replace(/^https?:\/\/[^/]+/, '')),
      );
      expect(cover.headers()['content-type']).toBe('image/jpeg');
      await visitorPage.getByRole('link', { name: `#${tagKept}` }).click();
      await waitForPath(visitorPage, (p) => p === `/blog?tag=widgets-${RUN}`);
      await visitorPage.getByTestId('blog-post-card').filter({ hasText: title }).waitFor();
    },
  );

  step('the editor never takes the focus from the field the admin moved on to', async ({ page, url }) => {
    await page.goto(url('/dashboard/admin/blogs/new'));
    const form = page.getByTestId('post-form');
    const author = form.getByLabel('Author');
    const body = page.getByTestId('post-body');
    await body.click();
    await page.keyboard.type('Read ');
    // The link dialog closes with an animation; the admin is already in another field.
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByLabel('Link address').fill('https://parley.chat/docs');
    await page.getByRole('button', { name: 'Apply' }).click();
    await author.fill('');
    await author.focus();
    await page.waitForTimeout(1_000);
    await page.keyboard.type('Ada');
    // A slow upload: the admin goes on writing the author while the image travels.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/images', async (route) => {
      await held;
      await route.continue();
    });
    // Released and removed whatever happens, or the journey's later uploads would hang on it.
    try {
      await page.getByTestId('post-body-image-input').setInputFiles({
        name: 'slow.jpg',
        mimeType: 'image/jpeg',
        buffer: await jpegOf(320, 180),
      });
      await author.focus();
      await page.keyboard.type(' Admin');
      release();
      await body.locator('img[src^="/api/images/"]').waitFor();
      await page.waitForTimeout(500);
      await page.keyboard.type(' Lovelace');
    } finally {
      release();
      await page.unroute('**/api/images');
    }
    expect(await author.inputValue()).toBe('Ada Admin Lovelace');
    expect(await body.textContent()).toBe('Read https://parley.chat/docs');
  });

  step('a draft is not on the blog', async ({ page, url }) => {
    await page.goto(url('/dashboard/admin/blogs'));
    await page.getByRole('link', { name: 'New post' }).click();
    const form = page.getByTestId('post-form');
    await form.getByLabel('Title').fill(`Draft ${RUN}`);
    await page.getByTestId('post-save').click();
    await toastShown(page, 'Draft saved');
    await waitForPath(page, (p) => /^\/dashboard\/admin\/blogs\/[0-9a-f-]{36}$/.test(p));
    const res = await visitorPage.goto(url(`/blog/draft-${RUN}`));
    expect(res?.status()).toBe(404);
    await page.goto(url('/dashboard/admin/blogs?status=draft'));
    await page
      .getByTestId('post-row')
      .filter({ hasText: `Draft ${RUN}` })
      .waitFor();
    expect(await page.getByTestId('post-row').filter({ hasText: title }).count()).toBe(0);
  });

  step('a job listing with every field opens on /careers', async ({ page, url }) => {
    await page.goto(url('/dashboard/admin/jobs'));
    await page.getByRole('button', { name: 'New listing' }).click();
    const form = page.getByTestId('job-form');
    await page.getByRole('button', { name: 'Create listing' }).click();
    await expectFieldError(page, 'Job title', 'Job title is required');
    await expectFieldError(page, 'Type', 'Choose the type of employment');
    await form.getByLabel('Job title').fill(job);
    await form.getByLabel('Team').fill('Customer support');
    await form.getByLabel('Location').fill('Remote (Europe)');
    await choose(page, form.getByTestId('job-type'), 'Full-time');
    await form.getByTestId('job-description').click();
    await page.keyboard.type('Answer customers and fix what they find.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Numbered list' }).click();
    await page.keyboard.type('Three years in support');
    await form.getByTestId('job-status').getByText('Open').click();
    await page.getByRole('button', { name: 'Create listing' }).click();
    await toastShown(page, 'Job listing created');
    await page.getByTestId('job-row').filter({ hasText: job }).waitFor();

    await visitorPage.goto(url('/careers'));
    await visitorPage.getByTestId('open-role').filter({ hasText: job }).click();
    await waitForPath(visitorPage, (p) => /^\/careers\/[0-9a-f-]{36}$/.test(p));
    await visitorPage.getByRole('heading', { name: job, level: 1 }).waitFor();
    await visitorPage.getByText('Remote (Europe)').waitFor();
    await visitorPage
      .getByTestId('job-description')
      .locator('ol li', { hasText: 'Three years in support' })
      .waitFor();
  });

  step(
    'a visitor applies with a PDF: the form’s errors first, then the confirmation mail',
    async ({ env }) => {
      const page = visitorPage;
      const form = page.getByTestId('application-form');
      await page.getByRole('button', { name: 'Send application' }).click();
      await expectFieldError(page, 'Full name', 'Please enter your name');
      await expectFieldError(page, 'Email', 'Incorrect email format');
      await expectFieldError(page, 'CV', 'Attach your CV as a PDF');
      await form.getByTestId('cv-input').setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('not a pdf at all'),
      });
      await expectFieldError(page, 'CV', 'Your CV must be a PDF file');
      await form.getByLabel('Link 1', { exact: true }).fill('ftp://nope');
      await form.getByLabel('Full name').click();
      await page.getByText('Please enter a valid URL').waitFor();

      await form.getByLabel('Full name').fill('Grace Hopper');
      await form.getByLabel('Email').fill(applicant);
      await form.getByLabel('Link 1', { exact: true }).fill('https://github.com/grace');
      await page.getByRole('button', { name: 'Add a link' }).click();
      await form.getByLabel('Link 2', { exact: true }).fill('https://grace.dev');
      await form
        .getByLabel('Cover letter')
        .fill('I have answered support tickets for years and like the bugs best.');
      await form.getByTestId('cv-input').setInputFiles({
        name: 'Grace Hopper.pdf',
        mimeType: 'application/pdf',
        buffer: pdfOf('Grace Hopper'),
      });
      await form.getByTestId('cv-name').getByText('Grace Hopper.pdf').waitFor();
      await page.getByRole('button', { name: 'Send application' }).click();
      await page
        .getByTestId('application-sent')
        .getByText(`We sent a confirmation to ${applicant}.`)
        .waitFor();
      const mail = await waitForMail(env, applicant);
      expect(mail.subject).toBe(`We received your application for ${job}`);
      expect(mail.text).toContain('Hi Grace Hopper,');
    },
  );

  step(
    'the admin is told, reviews the application, downloads the CV, changes the status and notes it',
    async ({ page, url }) => {
      await page.goto(url('/dashboard/admin'));
      await page.getByTestId('notification-bell').click();
      await page.getByText(`Grace Hopper applied for ${job}`).first().click();
      await waitForPath(page, (p) => p.startsWith('/dashboard/admin/applications'));
      const row = page.getByTestId('application-row').filter({ hasText: applicant });
      await row.waitFor();
      await row.getByRole('button', { name: 'Review' }).click();
      const drawer = page.getByTestId('application-detail');
      await drawer.getByText('I have answered support tickets for years').waitFor();
      await drawer.getByRole('link', { name: 'https://grace.dev' }).waitFor();
      const cvHref = await drawer.getByTestId('application-cv').getAttribute('href');
      const cv = await page.request.get(url(cvHref!));
      expect(cv.status()).toBe(200);
      expect(cv.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.compare(await cv.body(), pdfOf('Grace Hopper'))).toBe(0);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        drawer.getByTestId('application-cv').click(),
      ]);
      expect(download.suggestedFilename()).toBe('Grace Hopper.pdf');

      await choose(page, drawer.getByTestId('application-status'), 'Reviewing');
      await toastShown(page, 'Marked as reviewing');
      await drawer.getByLabel('Note').fill('Strong debugging story; invite to a call.');
      await drawer.getByRole('button', { name: 'Add note' }).click();
      await drawer
        .getByTestId('application-notes')
        .getByText('Strong debugging story; invite to a call.')
        .waitFor();
      await page.keyboard.press('Escape');
      // The bell opened the new ones: reviewed, it has left that list. Saved: a fresh page of those
      // in review shows it with its note.
      await page.getByTestId('application-row').filter({ hasText: applicant }).waitFor({ state: 'detached' });
      await page.goto(url(`/dashboard/admin/applications?status=reviewing`));
      const reviewed = page.getByTestId('application-row').filter({ hasText: applicant });
      await reviewed.getByText('Reviewing').waitFor();
      await reviewed.getByRole('button', { name: 'Review' }).click();
      await page.getByTestId('application-notes').getByText('Strong debugging story').waitFor();
    },
  );
});

describe('admin areas are the admins’ only', () => {
  browserTest(
    'an owner gets 403 from every admin route and sees no admin entry',
    async (t: BrowserTest) => {
      await signUpOwner(t, 'not-admin');
      const id = '00000000-0000-4000-8000-000000000000';
      const routes: [string, string][] = [
        ['GET', '/admin/overview'],
        ['GET', '/admin/tags'],
        ['POST', '/admin/tags'],
        ['PUT', `/admin/tags/${id}`],
        ['DELETE', `/admin/tags/${id}`],
        ['GET', '/admin/categories'],
        ['POST', '/admin/categories'],
        ['PUT', `/admin/categories/${id}`],
        ['DELETE', `/admin/categories/${id}`],
        ['GET', '/admin/posts'],
        ['POST', '/admin/posts'],
        ['GET', `/admin/posts/${id}`],
        ['PUT', `/admin/posts/${id}`],
        ['DELETE', `/admin/posts/${id}`],
        ['GET', '/admin/jobs'],
        ['POST', '/admin/jobs'],
        ['GET', `/admin/jobs/${id}`],
        ['PUT', `/admin/jobs/${id}`],
        ['DELETE', `/admin/jobs/${id}`],
        ['GET', '/admin/applications'],
        ['GET', `/admin/applications/${id}`],
        ['PATCH', `/admin/applications/${id}`],
        ['POST', `/admin/applications/${id}/notes`],
        ['GET', `/admin/applications/${id}/cv`],
      ];
      for (const [method, path] of routes) {
        const answer = await ownerApi(
          t,
          method,
          path,
          method === 'GET' || method === 'DELETE' ? undefined : {},
        ).then(
          () => 'allowed',
          (e: Error) => e.message,
        );
        expect(answer).toMatch(new RegExp(`^${method} ${path}: 403 .*"code":"FORBIDDEN"`));
      }
      await t.page.goto(t.url('/dashboard'));
      const sidebar = t.page.getByTestId('sidebar');
      await sidebar.getByRole('link', { name: 'Conversation' }).waitFor();
      for (const entry of [
        'Admin Overview',
        'Content Tags',
        'Blog Posts',
        'Job Listings',
        'Applications',
        'Categories',
      ])
        expect(await sidebar.getByRole('link', { name: entry }).count()).toBe(0);
      await t.page.goto(t.url('/dashboard/admin/blogs'));
      await t.page.getByText('Administrators only').waitFor();
    },
    { timeoutMs: 90_000 },
  );
});
