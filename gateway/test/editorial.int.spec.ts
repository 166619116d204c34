import { randomUUID } from 'node:crypto';
import { pdfOf } from '@parley/content/test/pdf';
import { startTestContent, type TestContent } from './support/content';
import { logIn, registerOwner } from './support/flows';
import type { AnyBody, GatewayClient } from './support/http-client';
import { FRONTEND, startStack, type TestGateway, type TestStack } from './support/stack';

let stack: TestStack;
let content: TestContent;
let gateway: TestGateway;
let admin: GatewayClient;
let owner: GatewayClient;

beforeAll(async () => {
  stack = await startStack();
  content = await startTestContent(stack.namespace);
  gateway = await stack.startGateway({ CONTENT_GRPC_URL: content.grpcUrl });
  admin = stack.client({ gateway, origin: FRONTEND });
  await logIn(admin, stack.admin.email, stack.admin.password);
  owner = stack.client({ gateway, origin: FRONTEND });
  await registerOwner(stack, owner);
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
  await content?.stop();
});

/** The careers form as a browser sends it: multipart, the CV as the file part `cv`. */
async function apply(
  client: GatewayClient,
  jobId: string,
  fields: Record<string, string | string[]>,
  cv?: { bytes: Buffer; filename: string; type?: string },
): Promise<{ status: number; headers: Headers; body: AnyBody }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  if (cv)
    form.append(
      'cv',
      new Blob([new Uint8Array(cv.bytes)], { type: cv.type ?? 'application/pdf' }),
      cv.filename,
    );
  const headers: Record<string, string> = { 'x-forwarded-for': client.ip };
  if (client.origin) headers.origin = client.origin;
  const res = await fetch(new URL(`/api/careers/jobs/${jobId}/applications`, client.baseUrl), {
    method: 'POST',
    headers,
    body: form,
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const jobBody = (over: Record<string, unknown> = {}) => ({
  title: 'Support engineer',
  team: 'Customer support',
  location: 'Remote',
  type: 'full-time',
  description: '<p>Help people</p>',
  ...over,
});
const applicant = (email: string) => ({
  name: 'Grace Hopper',
  email,
  links: ['https://github.com/grace', ''],
  coverLetter: 'I like bugs.',
});

describe('admin routes', () => {
  const ROUTES: [string, string][] = [
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/tags'],
    ['POST', '/api/admin/tags'],
    ['GET', `/api/admin/tags/${randomUUID()}`],
    ['PUT', `/api/admin/tags/${randomUUID()}`],
    ['DELETE', `/api/admin/tags/${randomUUID()}`],
    ['GET', '/api/admin/categories'],
    ['POST', '/api/admin/categories'],
    ['PUT', `/api/admin/categories/${randomUUID()}`],
    ['DELETE', `/api/admin/categories/${randomUUID()}`],
    ['GET', '/api/admin/posts'],
    ['POST', '/api/admin/posts'],
    ['GET', `/api/admin/posts/${randomUUID()}`],
    ['PUT', `/api/admin/posts/${randomUUID()}`],
    ['DELETE', `/api/admin/posts/${randomUUID()}`],
    ['GET', '/api/admin/jobs'],
    ['POST', '/api/admin/jobs'],
    ['GET', `/api/admin/jobs/${randomUUID()}`],
    ['PUT', `/api/admin/jobs/${randomUUID()}`],
    ['DELETE', `/api/admin/jobs/${randomUUID()}`],
    ['GET', '/api/admin/applications'],
    ['GET', `/api/admin/applications/${randomUUID()}`],
    ['PATCH', `/api/admin/applications/${randomUUID()}`],
    ['POST', `/api/admin/applications/${randomUUID()}/notes`],
    ['GET', `/api/admin/applications/${randomUUID()}/cv`],
  ];

  it('answers 403 to an owner and 401 to nobody on every admin route', async () => {
    const anonymous = stack.client({ gateway, origin: FRONTEND });
    for (const [method, path] of ROUTES) {
      const asOwner = await owner.request(method, path, {
        json: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect([method, path, asOwner.status, asOwner.body.error?.code]).toEqual([
        method,
        path,
        403,
        'FORBIDDEN',
      ]);
      const asNobody = await anonymous.request(method, path);
      expect([method, path, asNobody.status]).toEqual([method, path, 401]);
    }
  });

  it('lets the admin publish a post that the public blog then shows', async () => {
    const tag = await admin.post('/api/admin/tags', { name: `Launch ${randomUUID().slice(0, 6)}` });
    expect(tag.status).toBe(201);
    const category = await admin.post('/api/admin/categories', {
      name: `Product ${randomUUID().slice(0, 6)}`,
      description: 'News',
    });
    const invalid = await admin.post('/api/admin/posts', { title: '', authorName: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual([
      { field: 'title', message: 'Title is required' },
      { field: 'authorName', message: 'Author is required' },
    ]);
    const slug = `hello-${randomUUID().slice(0, 8)}`;
    // A long post: rich text goes past the usual 100 kB JSON limit.
    const long = `<p>${'Parley answers every customer. '.repeat(6000)}</p>`;
    const created = await admin.post('/api/admin/posts', {
      title: 'Hello, world',
      slug,
      excerpt: 'Our first post',
      body: long,
      authorName: 'Ada Admin',
      tagIds: [tag.body.data.id],
      categoryId: category.body.data.id,
      status: 'published',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ slug, status: 'published' });

    const list = await stack
      .client({ gateway })
      .request('GET', `/api/blog/posts?tag=${tag.body.data.slug}&page=x`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      success: true,
      total: 1,
      page: 1,
      data: [{ slug, title: 'Hello, world' }],
    });
    expect(list.body.data[0].body).toBeUndefined();
    const read = await stack.client({ gateway }).request('GET', `/api/blog/posts/${slug}`);
    expect(read.body.data).toMatchObject({ slug, summary: 'Our first post', readingMinutes: 109 });
    const topics = await stack.client({ gateway }).request('GET', '/api/blog/topics');
    expect(topics.body.data.tags).toContainEqual({
      name: tag.body.data.name,
      slug: tag.body.data.slug,
      postCount: 1,
    });
    expect((await stack.client({ gateway }).request('GET', '/api/blog/posts/no-such-post')).status).toBe(404);

    const page = await admin.request('GET', `/api/admin/posts?query=hello&pageSize=5`);
    expect(page.body).toMatchObject({ success: true, page: 1, pageSize: 5 });
    expect(page.body.data.map((p: { slug: string }) => p.slug)).toContain(slug);
    // Other routes keep the usual limit.
    const tooBig = await admin.post('/api/admin/tags', { name: 'x'.repeat(200_000) });
    expect(tooBig.status).toBe(413);
  });
});

describe('careers', () => {
  it('takes an application with a PDF, refuses what is wrong with the form, and the admin reviews it', async () => {
    const job = await admin.post('/api/admin/jobs', jobBody());
    expect(job.status).toBe(201);
    const jobId = job.body.data.id as string;
    const open = await stack.client({ gateway }).request('GET', '/api/careers/jobs');
    expect(open.body.data.map((j: { id: string }) => j.id)).toContain(jobId);
    expect(
      (await stack.client({ gateway }).request('GET', `/api/careers/jobs/${jobId}`)).body.data.title,
    ).toBe('Support engineer');

    const visitor = stack.client({ gateway, origin: FRONTEND });
    const email = `grace-${randomUUID().slice(0, 8)}@example.com`;
    const empty = await apply(visitor, jobId, { name: '', email: 'nope', links: 'ftp://x' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual([
      { field: 'name', message: 'Please enter your name' },
      { field: 'email', message: 'Incorrect email format' },
      { field: 'links.0', message: 'Please enter a valid URL' },
      { field: 'cv', message: 'Attach your CV as a PDF' },
    ]);
    const notPdf = await apply(visitor, jobId, applicant(email), {
      bytes: Buffer.from('GIF89a...'),
      filename: 'cv.pdf',
    });
    expect(notPdf.status).toBe(415);
    expect(notPdf.body.error).toMatchObject({ code: 'CV_TYPE', message: 'Your CV must be a PDF file' });
    const tooBig = await apply(visitor, jobId, applicant(email), {
      bytes: Buffer.concat([pdfOf(), Buffer.alloc(5 * 1024 * 1024)]),
      filename: 'cv.pdf',
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe('CV_TOO_LARGE');

    const sent = await apply(visitor, jobId, applicant(email), { bytes: pdfOf(), filename: 'Grace CV.pdf' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(
      `Thank you for applying for Support engineer. We sent a confirmation to ${email}.`,
    );
    const twice = await apply(visitor, jobId, applicant(email), { bytes: pdfOf(), filename: 'Grace CV.pdf' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('ALREADY_APPLIED');

    const list = await admin.request('GET', `/api/admin/applications?jobId=${jobId}`);
    expect(list.body.data).toHaveLength(1);
    const id = list.body.data[0].id as string;
    expect(list.body.data[0]).toMatchObject({ email, status: 'new', cv: { filename: 'Grace CV.pdf' } });
    const status = await admin.request('PATCH', `/api/admin/applications/${id}`, {
      json: { status: 'hired' },
    });
    expect(status.body.data.status).toBe('hired');
    const note = await admin.post(`/api/admin/applications/${id}/notes`, { text: 'Start in May' });
    expect(note.status).toBe(201);
    expect(note.body.data.notes).toMatchObject([{ text: 'Start in May' }]);
    const cv = await fetch(new URL(`/api/admin/applications/${id}/cv`, gateway.url), {
      headers: {
        cookie: admin.cookieHeader(`/api/admin/applications/${id}/cv`)!,
        'x-forwarded-for': admin.ip,
      },
    });
    expect(cv.status).toBe(200);
    expect(cv.headers.get('content-type')).toBe('application/pdf');
    expect(cv.headers.get('content-disposition')).toBe(
      `attachment; filename="Grace CV.pdf"; filename*=UTF-8''Grace%20CV.pdf`,
    );
    expect(Buffer.compare(Buffer.from(await cv.arrayBuffer()), pdfOf())).toBe(0);
    const overview = await admin.request('GET', '/api/admin/overview');
    expect(overview.body.data.accounts.total).toBeGreaterThanOrEqual(1);

    const closed = await admin.request('PUT', `/api/admin/jobs/${jobId}`, {
      json: jobBody({ status: 'closed' }),
    });
    expect(closed.body.data.status).toBe('closed');
    const late = await apply(visitor, jobId, applicant(`late-${email}`), {
      bytes: pdfOf(),
      filename: 'cv.pdf',
    });
    expect(late.status).toBe(404);
    expect(late.body.error).toMatchObject({
      code: 'JOB_NOT_OPEN',
      message: 'This position is no longer open',
    });
    const remove = await admin.request('DELETE', `/api/admin/jobs/${jobId}`);
    expect(remove.status).toBe(409);
  });

  it('limits applications per client address, after judging the form', async () => {
    const job = await admin.post('/api/admin/jobs', jobBody({ title: 'Designer' }));
    const visitor = stack.client({ gateway, origin: FRONTEND });
    // Refused forms spend nothing.
    for (let i = 0; i < 12; i++)
      expect((await apply(visitor, job.body.data.id, { name: '' })).status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await apply(
        visitor,
        job.body.data.id,
        applicant(`a${i}-${randomUUID().slice(0, 6)}@example.com`),
        {
          bytes: pdfOf(),
          filename: 'cv.pdf',
        },
      );
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});
