import { randomUUID } from 'node:crypto';
import { AppError, BillingEvent, ConversationsEvent, EditorialEvent, IdentityEvent } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  randomNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from '@parley/testing';
import type { Client } from '@grpc/grpc-js';
import type { NatsConnection } from 'nats';
import { startContent, type Content } from '../src/start';
import { jpegOf } from './images';
import { pdfOf } from './pdf';

const logger = createLogger('content-editorial-test', 'silent');

/** The admins' content through the real service: PostgreSQL, NATS, gRPC. */
describe('editorial (content service)', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let service: Content;
  let client: Client;
  let content: Client;

  const ADMIN = { userId: `admin-${randomUUID()}`, role: 'ADMIN', accountId: '' };
  ADMIN.accountId = ADMIN.userId;
  const OWNER = { userId: `owner-${randomUUID()}`, role: 'OWNER', accountId: '' };
  OWNER.accountId = OWNER.userId;

  const call = async <T = Record<string, unknown>>(method: string, request: object): Promise<T> => {
    const reply = await callUnary<object, { json?: string }>(client, method, request, { deadlineMs: 15_000 });
    return (reply.json ? JSON.parse(reply.json) : reply) as T;
  };
  const refusal = async (p: Promise<unknown>): Promise<AppError> => {
    try {
      await p;
    } catch (e) {
      if (e instanceof AppError) return e;
      throw e;
    }
    throw new Error('expected the call to be refused');
  };
  const write = (method: string, input: object, extra: object = {}) =>
    call<Record<string, unknown> & { id: string }>(method, {
      caller: ADMIN,
      inputJson: JSON.stringify(input),
      ...extra,
    });
  const post = (over: Record<string, unknown> = {}) => ({
    title: 'Why support is the product',
    excerpt: 'What we learned answering ten thousand chats',
    body: '<h1>Start</h1><p>Every chat is a person.<script>alert(1)</script></p>',
    authorName: 'Ada Admin',
    status: 'draft',
    ...over,
  });
  const job = (over: Record<string, unknown> = {}) => ({
    title: 'Support engineer',
    team: 'Customer support',
    location: 'Remote (Europe)',
    type: 'full-time',
    description: '<p>Answer customers and fix what they find.</p>',
    ...over,
  });
  const apply = (jobId: string, over: Record<string, unknown> = {}, cv = pdfOf(), filename = 'grace.pdf') =>
    call<{ id: string; jobTitle: string }>('submitApplication', {
      jobId,
      inputJson: JSON.stringify({
        name: 'Grace Hopper',
        email: 'grace@example.com',
        links: ['https://github.com/grace'],
        coverLetter: 'I like bugs.',
        ...over,
      }),
      cvData: cv,
      cvFilename: filename,
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    service = await startContent(
      {
        grpcPort: 0,
        databaseUrl: db.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: namespace,
        logLevel: 'silent',
      },
      logger,
    );
    const address = `127.0.0.1:${service.grpcPort}`;
    client = createClient(loadService('content/v1/editorial.proto', 'parley.content.v1.Editorial'), address, {
      maxMessageBytes: 8 * 1024 * 1024,
    });
    content = createClient(loadService('content/v1/content.proto', 'parley.content.v1.Content'), address);
    // Identity's admin, as identity records it: notes are signed with this name.
    const identity = new EventStore(nc, { context: 'identity', namespace });
    await identity.append(
      identity.subject('user', ADMIN.userId),
      [
        {
          type: IdentityEvent.UserRegistered,
          data: {
            userId: ADMIN.userId,
            accountId: ADMIN.accountId,
            email: 'ada@parley.local',
            fullname: 'Ada Admin',
            role: 'ADMIN',
            plan: 'STANDARD',
            selectedPlan: 'STANDARD',
            registeredAt: new Date().toISOString(),
          },
        },
      ],
      { expectedVersion: 0, commandId: randomUUID() },
    );
  }, 60_000);

  afterAll(async () => {
    client?.close();
    content?.close();
    await service?.stop();
    await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
    await nc?.close();
    await db?.drop();
  });

  it('refuses every admin call to anyone but an admin', async () => {
    for (const [method, request] of [
      ['getOverview', {}],
      ['listTerms', { kind: 'tag' }],
      ['createTerm', { kind: 'tag', inputJson: '{"name":"x"}' }],
      ['listPosts', {}],
      ['createPost', { inputJson: JSON.stringify(post()) }],
      ['listJobs', {}],
      ['createJob', { inputJson: JSON.stringify(job()) }],
      ['listApplications', {}],
      ['getApplicationCv', { id: randomUUID() }],
    ] as const) {
      const error = await refusal(call(method, { caller: OWNER, ...request }));
      expect([method, error.kind]).toEqual([method, 'forbidden']);
    }
    expect((await refusal(call('listPosts', {}))).kind).toBe('unauthenticated');
  });

  it('keeps tags and categories with unique names, and posts keep going when one is deleted', async () => {
    const tag = await write('createTerm', { name: 'Product news' }, { kind: 'tag' });
    expect(tag).toMatchObject({ name: 'Product news', slug: 'product-news', postCount: 0 });
    const taken = await refusal(write('createTerm', { name: 'Product  News!' }, { kind: 'tag' }));
    expect(taken).toMatchObject({ kind: 'conflict', code: 'NAME_TAKEN' });
    expect(taken.fields).toEqual([{ field: 'name', message: 'A tag with this name already exists' }]);
    const empty = await refusal(write('createTerm', { name: '  ' }, { kind: 'tag' }));
    expect(empty.message).toBe('Tag name is required');

    const category = await write(
      'createTerm',
      { name: 'Company', description: 'How we work' },
      { kind: 'category' },
    );
    const created = await write(
      'createPost',
      post({ tagIds: [tag.id], categoryId: category.id, status: 'published' }),
    );
    expect(created).toMatchObject({
      slug: 'why-support-is-the-product',
      status: 'published',
      category: { id: category.id, name: 'Company', slug: 'company' },
      tags: [{ id: tag.id, name: 'Product news', slug: 'product-news' }],
    });
    // Sanitised: a top-level heading becomes a section heading, the script is gone.
    expect(created.body).toBe('<h2>Start</h2><p>Every chat is a person.</p>');

    const renamed = await write('updateTerm', { name: 'Releases' }, { kind: 'tag', id: tag.id });
    expect(renamed).toMatchObject({ slug: 'releases', postCount: 1 });
    // The old name is free again.
    await write('createTerm', { name: 'Product news' }, { kind: 'tag' });

    await call('deleteTerm', { caller: ADMIN, kind: 'tag', id: tag.id });
    await call('deleteTerm', { caller: ADMIN, kind: 'category', id: category.id });
    const after = await call<{ tags: unknown[]; category: unknown }>('getPost', {
      caller: ADMIN,
      id: created.id,
    });
    expect(after).toMatchObject({ tags: [], category: null });
    await call('deletePost', { caller: ADMIN, id: created.id });
  });

  it('publishes a post on the public blog, drafts stay out, slugs stay unique', async () => {
    const upload = await callUnary<object, { id: string }>(
      content,
      'uploadImage',
      { caller: ADMIN, data: await jpegOf(1200, 630), filename: 'cover.jpg', domainId: '' },
      { deadlineMs: 15_000 },
    );
    const category = await write('createTerm', { name: 'Guides' }, { kind: 'category' });
    const tag = await write('createTerm', { name: 'Widgets' }, { kind: 'tag' });
    const draft = await write(
      'createPost',
      post({
        title: 'Setting up the widget',
        slug: 'widget-setup',
        coverImageId: upload.id,
        coverImageAlt: 'The widget on a shop',
        categoryId: category.id,
        tagIds: [tag.id],
      }),
    );
    expect(draft).toMatchObject({
      status: 'draft',
      publishedAt: null,
      coverImageUrl: `/api/images/${upload.id}`,
    });
    expect(await refusal(call('getPublishedPost', { id: 'widget-setup' }))).toMatchObject({
      kind: 'not_found',
    });

    const emptyBody = await refusal(
      write(
        'updatePost',
        post({ slug: 'widget-setup', body: '<p><script>x</script></p>', status: 'published' }),
        {
          id: draft.id,
        },
      ),
    );
    expect(emptyBody.fields).toEqual([{ field: 'body', message: 'Write the post before publishing it' }]);

    const published = await write(
      'updatePost',
      post({
        title: 'Setting up the widget',
        slug: 'widget-setup',
        coverImageId: upload.id,
        coverImageAlt: 'The widget on a shop',
        categoryId: category.id,
        tagIds: [tag.id],
        status: 'published',
      }),
      { id: draft.id },
    );
    expect(published.publishedAt).toEqual(expect.any(String));

    const page = await call<{ data: { slug: string }[]; total: number }>('listPublishedPosts', {
      queryJson: JSON.stringify({ category: 'guides' }),
    });
    expect(page.data.map((p) => p.slug)).toEqual(['widget-setup']);
    expect(
      (await call<{ total: number }>('listPublishedPosts', { queryJson: JSON.stringify({ tag: 'nope' }) }))
        .total,
    ).toBe(0);
    const read = await call<Record<string, unknown>>('getPublishedPost', { id: 'widget-setup' });
    expect(read).toMatchObject({
      title: 'Setting up the widget',
      summary: 'What we learned answering ten thousand chats',
      coverImageUrl: `/api/images/${upload.id}`,
      category: { name: 'Guides', slug: 'guides' },
      tags: [{ name: 'Widgets', slug: 'widgets' }],
      readingMinutes: 1,
    });
    expect(read.id).toBeUndefined();
    expect(await call('listPublicTerms', {})).toEqual({
      categories: [{ name: 'Guides', slug: 'guides', description: '', postCount: 1 }],
      tags: [{ name: 'Widgets', slug: 'widgets', postCount: 1 }],
    });

    const clash = await refusal(write('createPost', post({ title: 'Another', slug: 'widget-setup' })));
    expect(clash).toMatchObject({
      code: 'SLUG_TAKEN',
      fields: [{ field: 'slug', message: 'Another post already has this address' }],
    });
    // Once the first post moves to another address, its old one is free.
    await write(
      'updatePost',
      post({ title: 'Setting up the widget', slug: 'widget-setup-guide', status: 'published' }),
      {
        id: draft.id,
      },
    );
    const second = await write('createPost', post({ title: 'Another', slug: 'widget-setup' }));
    expect(second.slug).toBe('widget-setup');

    const searched = await call<{ data: { id: string }[] }>('listPosts', {
      caller: ADMIN,
      queryJson: JSON.stringify({ query: 'widg' }),
    });
    expect(searched.data.map((p) => p.id)).toContain(draft.id);
    const drafts = await call<{ data: { status: string }[] }>('listPosts', {
      caller: ADMIN,
      queryJson: JSON.stringify({ status: 'draft' }),
    });
    expect(drafts.data.every((p) => p.status === 'draft')).toBe(true);

    const foreign = await refusal(
      write('createPost', post({ title: 'Bad cover', coverImageId: randomUUID() })),
    );
    expect(foreign.fields).toEqual([{ field: 'coverImageId', message: 'Image not found' }]);
  });

  it('takes applications for open listings: a PDF by its bytes, once per address', async () => {
    const listing = await write('createJob', job());
    expect(listing).toMatchObject({ status: 'open', applications: { total: 0, waiting: 0 } });
    expect((await call<{ id: string }[]>('listOpenJobs', {})).map((j) => j.id)).toContain(listing.id);

    const notPdf = await refusal(apply(listing.id, {}, Buffer.from('MZ fake exe'), 'cv.pdf'));
    expect(notPdf).toMatchObject({
      code: 'CV_TYPE',
      fields: [{ field: 'cv', message: 'Your CV must be a PDF file' }],
    });
    const big = Buffer.concat([pdfOf(), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await refusal(apply(listing.id, {}, big))).code).toBe('CV_TOO_LARGE');
    expect((await refusal(apply(listing.id, { email: 'nope' }))).message).toBe('Incorrect email format');
    const files = async () =>
      Number((await db.pool.query('SELECT count(*) FROM application_files')).rows[0].count);
    expect(await files()).toBe(0);

    const sent = await apply(listing.id);
    expect(sent.jobTitle).toBe('Support engineer');
    const again = await refusal(apply(listing.id, { email: 'GRACE@example.com' }));
    expect(again).toMatchObject({ kind: 'conflict', code: 'ALREADY_APPLIED' });
    expect(await files()).toBe(1);

    const list = await call<{ data: Record<string, unknown>[]; total: number }>('listApplications', {
      caller: ADMIN,
      queryJson: JSON.stringify({ jobId: listing.id }),
    });
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      id: sent.id,
      name: 'Grace Hopper',
      status: 'new',
      cv: { filename: 'grace.pdf' },
    });

    const reviewing = await write('changeApplicationStatus', { status: 'reviewing' }, { id: sent.id });
    expect(reviewing.status).toBe('reviewing');
    expect(
      (await refusal(write('changeApplicationStatus', { status: 'maybe' }, { id: sent.id }))).message,
    ).toBe('Choose a status');
    const noted = await write('addApplicationNote', { text: 'Strong debugging story' }, { id: sent.id });
    expect(noted).toMatchObject({
      links: ['https://github.com/grace'],
      coverLetter: 'I like bugs.',
      notes: [{ text: 'Strong debugging story', authorName: 'Ada Admin' }],
    });
    const cv = await callUnary<object, { filename: string; contentType: string; data: Buffer }>(
      client,
      'getApplicationCv',
      { caller: ADMIN, id: sent.id },
      { deadlineMs: 15_000 },
    );
    expect(cv).toMatchObject({ filename: 'grace.pdf', contentType: 'application/pdf' });
    expect(Buffer.compare(cv.data, pdfOf())).toBe(0);

    const found = await call<{ data: { id: string }[] }>('listApplications', {
      caller: ADMIN,
      queryJson: JSON.stringify({ query: 'hopper' }),
    });
    expect(found.data.map((a) => a.id)).toEqual([sent.id]);

    expect((await refusal(call('deleteJob', { caller: ADMIN, id: listing.id }))).code).toBe(
      'JOB_HAS_APPLICATIONS',
    );
    await write('updateJob', job({ status: 'closed' }), { id: listing.id });
    expect((await refusal(apply(listing.id, { email: 'late@example.com' }))).code).toBe('JOB_NOT_OPEN');
    expect((await refusal(call('getOpenJob', { id: listing.id }))).kind).toBe('not_found');
  });

  it('accepts a CV near the 5 MB limit over gRPC', async () => {
    const listing = await write('createJob', job({ title: 'Designer' }));
    const nearLimit = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(5 * 1024 * 1024 - 100),
      Buffer.from('\n%%EOF\n'),
    ]);
    const sent = await apply(listing.id, { email: 'big@example.com' }, nearLimit, 'big.pdf');
    const cv = await callUnary<object, { data: Buffer }>(
      client,
      'getApplicationCv',
      { caller: ADMIN, id: sent.id },
      {
        deadlineMs: 15_000,
      },
    );
    expect(cv.data.length).toBe(nearLimit.length);
  });

  it('counts the Admin Overview from the other contexts’ events', async () => {
    const identity = new EventStore(nc, { context: 'identity', namespace });
    const billing = new EventStore(nc, { context: 'billing', namespace });
    const conversations = new EventStore(nc, { context: 'conversations', namespace });
    const now = new Date().toISOString();
    const lastYear = new Date(Date.now() - 400 * 24 * 3600 * 1000).toISOString();
    const owners = [randomUUID(), randomUUID()];
    for (const [i, id] of owners.entries()) {
      await identity.append(
        identity.subject('user', id),
        [
          {
            type: IdentityEvent.UserRegistered,
            data: {
              userId: id,
              accountId: id,
              email: `o${i}@example.com`,
              fullname: 'Owner',
              role: 'OWNER',
              plan: 'STANDARD',
              selectedPlan: 'STANDARD',
              registeredAt: i === 0 ? now : lastYear,
            },
          },
        ],
        { expectedVersion: 0, commandId: randomUUID() },
      );
    }
    await billing.append(
      billing.subject('account', owners[0]!),
      [
        {
          type: BillingEvent.AccountPlanChanged,
          data: {
            accountId: owners[0],
            plan: 'PRO',
            selectedPlan: 'PRO',
            limits: { maxDomains: 5, credits: 1000, contacts: 10000, emailsPerMonth: 100 },
            changedAt: now,
          },
        },
      ],
      { expectedVersion: 0, commandId: randomUUID() },
    );
    const roomId = randomUUID();
    const audience = {
      accountId: owners[0],
      domainId: randomUUID(),
      customerId: randomUUID(),
      sharedWith: [],
    };
    const message = (over: object) => ({
      type: ConversationsEvent.MessagePosted,
      data: {
        roomId,
        audience,
        messageId: randomUUID(),
        role: 'user',
        author: 'visitor',
        content: 'hi',
        isNote: false,
        productIds: [],
        postedAt: now,
        ...over,
      },
    });
    await conversations.append(
      conversations.subject('room', roomId),
      [
        { type: ConversationsEvent.RoomOpened, data: { roomId, audience, openedAt: now } },
        message({}),
        message({ role: 'assistant', author: 'bot' }),
        message({ role: 'assistant', author: 'team', isNote: true }),
        message({ role: 'assistant', author: 'system' }),
        message({ postedAt: lastYear }),
      ],
      { expectedVersion: 0, commandId: randomUUID() },
    );
    await eventually(async () => {
      const overview = await call<Record<string, unknown>>('getOverview', { caller: ADMIN });
      expect(overview).toMatchObject({
        month: now.slice(0, 7),
        accounts: { total: 2, newThisMonth: 1 },
        proSubscriptions: 1,
        domains: 0,
        conversationsThisMonth: 1,
        messagesThisMonth: 2,
        applicationsWaiting: { new: 1, reviewing: 1 },
      });
    });
  });

  it('records the application event other services read', async () => {
    const { rows } = await db.pool.query<{ count: string }>('SELECT count(*) FROM job_applications');
    expect(Number(rows[0]!.count)).toBeGreaterThan(0);
    const store = new EventStore(nc, { context: 'content', namespace });
    const id = (
      await db.pool.query<{ id: string }>("SELECT id FROM job_applications WHERE name = 'Grace Hopper'")
    ).rows[0]!.id;
    const { events } = await store.load(store.subject('application', id));
    expect(events[0]).toMatchObject({
      type: EditorialEvent.ApplicationSubmitted,
      data: { applicationId: id, jobTitle: 'Support engineer', email: 'grace@example.com' },
    });
  });
});
