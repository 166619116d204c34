import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PageHeader } from '@/components/marketing/PageHeader';
import richText from '@/components/editorial/RichText.module.css';
import { postDate } from '@/lib/format/post-date';
import { publishedPost } from '@/lib/server/public-content';
import { siteOrigin } from '@/lib/server/site-origin';
import styles from '../blog.module.css';

type Params = { params: Promise<{ slug: string }> };

/** Title, description, canonical address and share cards (Open Graph, X) of a published post. */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { slug } = await params;
  const post = await publishedPost(slug);
  if (!post) return { title: 'Post not found' };
  const origin = await siteOrigin();
  const url = `${origin}/blog/${post.slug}`;
  const image = post.coverImageUrl ? `${origin}${post.coverImageUrl}` : undefined;
  return {
    title: post.title,
    description: post.summary,
    authors: [{ name: post.authorName }],
    alternates: { canonical: url },
    openGraph: {
      type: 'article',
      url,
      siteName: 'Parley',
      title: post.title,
      description: post.summary,
      publishedTime: post.publishedAt,
      modifiedTime: post.updatedAt,
      authors: [post.authorName],
      ...(post.category ? { section: post.category.name } : {}),
      tags: post.tags.map((t) => t.name),
      ...(image ? { images: [{ url: image, alt: post.coverImageAlt || post.title }] } : {}),
    },
    twitter: {
      card: image ? 'summary_large_image' : 'summary',
      title: post.title,
      description: post.summary,
      ...(image ? { images: [image] } : {}),
    },
  };
}

/** /blog/{slug}: one published post, rendered on the server; a draft or an unknown address is 404. */
export default async function BlogPostPage({ params }: Params) {
  const { slug } = await params;
  const post = await publishedPost(slug);
  if (!post) notFound();
  return (
    <>
      <PageHeader
        eyebrow={post.category?.name ?? 'Blog'}
        title={post.title}
        lead={post.summary || undefined}
        meta={
          <>
            By {post.authorName} · <time dateTime={post.publishedAt}>{postDate(post.publishedAt)}</time> ·{' '}
            {post.readingMinutes} min read
          </>
        }
      />
      <article className={styles.article} data-testid="blog-post">
        <div className={`container ${styles.narrow}`}>
          {post.coverImageUrl && (
            <figure className={styles.cover}>
              <img src={post.coverImageUrl} alt={post.coverImageAlt} />
            </figure>
          )}
          {/* Sanitised by the content service before it was kept: only the editor's formatting remains. */}
          <div
            className={richText.rich}
            dangerouslySetInnerHTML={{ __html: post.body ?? '' }}
            data-testid="blog-post-body"
          />
          {post.tags.length > 0 && (
            <div className={styles.postTags} aria-label="Tags">
              {post.tags.map((t) => (
                <Link key={t.slug} href={`/blog?tag=${encodeURIComponent(t.slug)}`} className={styles.chip}>
                  #{t.name}
                </Link>
              ))}
            </div>
          )}
          <Link href="/blog" className={styles.back}>
            ← All posts
          </Link>
        </div>
      </article>
    </>
  );
}
