import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/marketing/PageHeader';
import type { PublicPost } from '@/lib/api/public-content';
import { postDate } from '@/lib/format/post-date';
import { blogTopics, publishedPosts } from '@/lib/server/public-content';
import styles from './blog.module.css';

export const metadata: Metadata = {
  title: 'Blog',
  description: 'What the Parley team learns building customer support that is fast and human.',
};

type Search = { category?: string; tag?: string; page?: string };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

function blogHref(q: { category?: string; tag?: string; page?: number }) {
  const search = new URLSearchParams();
  if (q.category) search.set('category', q.category);
  if (q.tag) search.set('tag', q.tag);
  if (q.page && q.page > 1) search.set('page', String(q.page));
  const text = search.toString();
  return `/blog${text ? `?${text}` : ''}`;
}

function PostCard({ post }: { post: PublicPost }) {
  return (
    <Link href={`/blog/${post.slug}`} className={styles.card} data-testid="blog-post-card">
      <div className={styles.cardImage}>
        {post.coverImageUrl && <img src={post.coverImageUrl} alt={post.coverImageAlt} loading="lazy" />}
      </div>
      <div className={styles.cardBody}>
        {post.category && <p className={styles.eyebrow}>{post.category.name}</p>}
        <h2>{post.title}</h2>
        {post.summary && <p>{post.summary}</p>}
        <span className={styles.meta}>
          {post.authorName} · {postDate(post.publishedAt)} · {post.readingMinutes} min read
        </span>
      </div>
    </Link>
  );
}

/** /blog: Parley's published posts, newest first, by category or tag, nine to a page. */
export default async function BlogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = await searchParams;
  const q: Search = { category: one(raw.category), tag: one(raw.tag), page: one(raw.page) };
  const page = Math.max(1, Number(q.page) || 1);
  const [posts, topics] = await Promise.all([
    publishedPosts({ category: q.category, tag: q.tag, page }),
    blogTopics(),
  ]);
  const pages = Math.max(1, Math.ceil(posts.total / posts.pageSize));
  const category = topics.categories.find((c) => c.slug === q.category);
  const tag = topics.tags.find((t) => t.slug === q.tag);
  const filtered = Boolean(q.category || q.tag);

  return (
    <>
      <PageHeader
        eyebrow="Blog"
        title={category ? category.name : tag ? `Posts tagged “${tag.name}”` : 'Notes from the Parley team'}
        lead={
          category?.description ||
          'What we learn building customer support that is fast when a machine can help and human when it matters.'
        }
      />
      <section className={styles.section}>
        <div className="container">
          {(topics.categories.length > 0 || topics.tags.length > 0) && (
            <nav className={styles.topics} aria-label="Blog topics">
              {topics.categories.length > 0 && (
                <div>
                  <p className={styles.filterLabel}>Categories</p>
                  <div className={styles.filters}>
                    <Link
                      href="/blog"
                      className={`${styles.chip} ${!filtered ? styles.chipActive : ''}`}
                      aria-current={!filtered ? 'page' : undefined}
                    >
                      All posts
                    </Link>
                    {topics.categories.map((c) => (
                      <Link
                        key={c.slug}
                        href={blogHref({ category: c.slug })}
                        className={`${styles.chip} ${q.category === c.slug ? styles.chipActive : ''}`}
                        aria-current={q.category === c.slug ? 'page' : undefined}
                      >
                        {c.name} <small>{c.postCount}</small>
                      </Link>
                    ))}
                  </div>
                </div>
              )}
              {topics.tags.length > 0 && (
                <div>
                  <p className={styles.filterLabel}>Tags</p>
                  <div className={styles.filters}>
                    {topics.tags.map((t) => (
                      <Link
                        key={t.slug}
                        href={blogHref({ tag: t.slug })}
                        className={`${styles.chip} ${q.tag === t.slug ? styles.chipActive : ''}`}
                        aria-current={q.tag === t.slug ? 'page' : undefined}
                      >
                        #{t.name}
                      </Link>
                    ))}
                  </div>
                </div>
              )}
            </nav>
          )}
          {posts.data.length === 0 ? (
            <div className={styles.empty} data-testid="blog-empty">
              <h2>{filtered ? 'No posts here yet' : 'No posts yet'}</h2>
              <p>
                {filtered ? (
                  <>
                    Nothing is published under this topic. <Link href="/blog">See every post</Link>.
                  </>
                ) : (
                  'The first posts are on their way. Subscribe to product updates on the home page to hear when they are out.'
                )}
              </p>
            </div>
          ) : (
            <ul className={styles.grid}>
              {posts.data.map((post) => (
                <li key={post.slug}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className={styles.pager} aria-label="Pages">
              {page > 1 ? (
                <Link href={blogHref({ category: q.category, tag: q.tag, page: page - 1 })}>
                  ← Newer posts
                </Link>
              ) : (
                <span />
              )}
              <span>
                Page {page} of {pages}
              </span>
              {page < pages ? (
                <Link href={blogHref({ category: q.category, tag: q.tag, page: page + 1 })}>
                  Older posts →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </div>
      </section>
    </>
  );
}
