import {
  blogPostSchema,
  jobApplicationSchema,
  jobListingSchema,
  publicPostsQuerySchema,
  richTextIsEmpty,
  slugify,
} from './editorial';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('editorial validation', () => {
  it('makes slugs from titles', () => {
    expect(slugify('Café & Crème: 10 tips!')).toBe('cafe-creme-10-tips');
    expect(slugify('  --Hello   World--  ')).toBe('hello-world');
    expect(slugify('日本語')).toBe('');
    expect(slugify('a'.repeat(100)).length).toBe(80);
  });

  it('tells empty rich text', () => {
    expect(richTextIsEmpty('<p></p><p>&nbsp;</p>')).toBe(true);
    expect(richTextIsEmpty('<p>Hi</p>')).toBe(false);
    expect(richTextIsEmpty('<p><img src="/api/images/x"></p>')).toBe(false);
  });

  it('lets a draft be half-written but not a published post', () => {
    expect(blogPostSchema.safeParse({ title: 'T', authorName: 'A' }).success).toBe(true);
    const published = blogPostSchema.safeParse({
      title: 'T',
      authorName: 'A',
      status: 'published',
      body: '<p></p>',
    });
    expect(firstMessage(published)).toBe('Write the post before publishing it');
    expect(firstMessage(blogPostSchema.safeParse({ title: ' ', authorName: 'A' }))).toBe('Title is required');
    expect(firstMessage(blogPostSchema.safeParse({ title: 'T', authorName: 'A', slug: 'Bad Slug' }))).toBe(
      'Use lower-case letters, digits and single hyphens',
    );
    expect(
      blogPostSchema.parse({ title: 'T', authorName: 'A', coverImageId: '', categoryId: '' }),
    ).toMatchObject({
      coverImageId: null,
      categoryId: null,
      slug: '',
      status: 'draft',
    });
  });

  it('needs every field of a job listing', () => {
    const r = jobListingSchema.safeParse({
      title: 'x',
      team: '',
      location: 'Remote',
      type: 'gig',
      description: '',
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['team', 'Team is required'],
      ['type', 'Choose the type of employment'],
      ['description', 'Description is required'],
    ]);
  });

  it('judges an application’s fields, dropping empty links', () => {
    expect(
      jobApplicationSchema.parse({
        name: ' Grace ',
        email: 'Grace@Example.com',
        links: ['', 'https://x.dev'],
      }),
    ).toEqual({ name: 'Grace', email: 'grace@example.com', links: ['https://x.dev'], coverLetter: '' });
    expect(firstMessage(jobApplicationSchema.safeParse({ name: 'G', email: 'g@x.io' }))).toBe(
      'Please enter your name',
    );
    expect(
      firstMessage(jobApplicationSchema.safeParse({ name: 'Gr', email: 'g@x.io', links: ['ftp://x.io'] })),
    ).toBe('Please enter a valid URL');
    expect(
      firstMessage(
        jobApplicationSchema.safeParse({ name: 'Gr', email: 'g@x.io', links: Array(6).fill('https://x.io') }),
      ),
    ).toBe('Add at most 5 links');
  });

  it('reads query strings leniently', () => {
    expect(publicPostsQuerySchema.parse({ page: 'abc', pageSize: '500', tag: 'news' })).toEqual({
      page: 1,
      pageSize: 9,
      tag: 'news',
      category: undefined,
    });
  });
});
