'use client';

import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined } from '@/components/icons';
import {
  Alert,
  Button,
  Card,
  Empty,
  Grid,
  Input,
  Pagination,
  Popconfirm,
  Segmented,
  Select,
  Skeleton,
  Table,
  Tag,
  type TableProps,
} from 'antd';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { replaceQuery } from '@/lib/routing/replace-query';
import { useEffect, useState } from 'react';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { useToast } from '@/components/toast/useToast';
import { adminApi, queryString, type Post, type Taxonomy } from '@/lib/api/editorial';
import { ApiError } from '@/lib/api/errors';
import { PATHS } from '@/lib/routing/paths';
import { formatDate } from './format';
import { useAdminList } from './useAdminList';
import styles from './Editorial.module.css';

const PAGE_SIZE = 20;
type StatusFilter = 'all' | 'published' | 'draft';

export function PostStatusTag({ status }: { status: Post['status'] }) {
  return status === 'published' ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>;
}

/** Blog Posts (admin): drafts and published posts, by status, category, tag and words; the view lives in the URL. */
export function PostsPage() {
  const pathname = usePathname();
  const search = useSearchParams();
  const view = {
    query: search.get('query') ?? '',
    status: (search.get('status') as StatusFilter | null) ?? 'all',
    categoryId: search.get('categoryId') ?? '',
    tagId: search.get('tagId') ?? '',
    page: Math.max(1, Number(search.get('page')) || 1),
  };
  const go = (next: Partial<typeof view>) => {
    const merged = { ...view, page: 1, ...next };
    replaceQuery(
      `${pathname}${queryString({
        query: merged.query,
        status: merged.status === 'all' ? '' : merged.status,
        categoryId: merged.categoryId,
        tagId: merged.tagId,
        page: merged.page > 1 ? merged.page : '',
      })}`,
    );
  };
  const [typed, setTyped] = useState(view.query);
  useEffect(() => setTyped(view.query), [view.query]);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() !== view.query) go({ query: typed.trim() });
    }, 300);
    return () => clearTimeout(timer);
    // Debounces typing only: \`go\` is re-created each render and a new query from the address
    // (back, a link) must not be sent again, so neither re-runs this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const key = JSON.stringify(view);
  const {
    load,
    value: page,
    reload,
  } = useAdminList(key, (signal) =>
    adminApi.posts.list(
      {
        query: view.query,
        status: view.status === 'all' ? undefined : view.status,
        categoryId: view.categoryId || undefined,
        tagId: view.tagId || undefined,
        page: view.page,
        pageSize: PAGE_SIZE,
      },
      signal,
    ),
  );
  const [terms, setTerms] = useState<{ categories: Taxonomy[]; tags: Taxonomy[] }>({
    categories: [],
    tags: [],
  });
  useEffect(() => {
    Promise.all([adminApi.terms.list('category'), adminApi.terms.list('tag')])
      .then(([categories, tags]) => setTerms({ categories, tags }))
      .catch(() => undefined);
  }, []);
  const toast = useToast();
  const wide = Grid.useBreakpoint().md ?? true;
  const filtered = view.query !== '' || view.status !== 'all' || view.categoryId !== '' || view.tagId !== '';

  async function remove(post: Post) {
    try {
      await adminApi.posts.remove(post.id);
      toast.success(`“${post.title}” was deleted`);
      reload();
    } catch (e) {
      toast.error('Failed to delete the post', e instanceof ApiError ? e.message : undefined);
    }
  }

  const actions = (p: Post) => (
    <div className={styles.cardActions}>
      <Link href={`${PATHS.adminBlogs}/${p.id}`}>
        <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${p.title}`}>
          Edit
        </Button>
      </Link>
      {p.status === 'published' && (
        <a href={`${PATHS.blog}/${p.slug}`} target="_blank" rel="noreferrer">
          <Button size="small" icon={<EyeOutlined />} aria-label={`View ${p.title} on the blog`}>
            View
          </Button>
        </a>
      )}
      <Popconfirm
        title="Delete this post?"
        description={
          p.status === 'published' ? 'It disappears from the blog at once.' : 'The draft is gone for good.'
        }
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={() => remove(p)}
      >
        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${p.title}`} />
      </Popconfirm>
    </div>
  );
  const terms_ = (p: Post) => (
    <div className={styles.tagList}>
      {p.category && <Tag color="purple">{p.category.name}</Tag>}
      {p.tags.map((t) => (
        <Tag key={t.id}>{t.name}</Tag>
      ))}
    </div>
  );
  const columns: TableProps<Post>['columns'] = [
    {
      title: 'Title',
      key: 'title',
      render: (_, p) => (
        <div className={styles.titleCell}>
          <Link href={`${PATHS.adminBlogs}/${p.id}`}>
            <strong>{p.title}</strong>
          </Link>
          <span>/blog/{p.slug}</span>
        </div>
      ),
    },
    { title: 'Status', key: 'status', width: 110, render: (_, p) => <PostStatusTag status={p.status} /> },
    { title: 'Category and tags', key: 'terms', responsive: ['lg'], render: (_, p) => terms_(p) },
    { title: 'Author', dataIndex: 'authorName', key: 'author', responsive: ['xl'] },
    {
      title: 'Published',
      key: 'published',
      width: 130,
      render: (_, p) => (
        <span className={styles.nowrap}>{p.publishedAt ? formatDate(p.publishedAt) : '—'}</span>
      ),
    },
    {
      title: 'Changed',
      key: 'updated',
      width: 130,
      responsive: ['xl'],
      render: (_, p) => <span className={styles.nowrap}>{formatDate(p.updatedAt)}</span>,
    },
    { title: '', key: 'actions', width: 250, render: (_, p) => actions(p) },
  ];

  return (
    <div data-testid="posts-page">
      <PageTitle
        title="Blog Posts"
        description="Parley's blog: write drafts, publish them on /blog, and take them down again."
        extra={
          <Link href={`${PATHS.adminBlogs}/new`}>
            <Button type="primary" icon={<PlusOutlined />}>
              New post
            </Button>
          </Link>
        }
      />
      <Card className={styles.card}>
        <div className={styles.toolbarRow}>
          <Segmented<StatusFilter>
            value={view.status}
            onChange={(status) => go({ status })}
            options={[
              { value: 'all', label: 'All' },
              { value: 'published', label: 'Published' },
              { value: 'draft', label: 'Drafts' },
            ]}
            data-testid="posts-status"
          />
          <div className={styles.filters}>
            <Input
              allowClear
              className={styles.search}
              prefix={<SearchOutlined />}
              placeholder="Search posts"
              aria-label="Search posts"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            <Select
              className={styles.filterSelect}
              value={view.categoryId}
              onChange={(categoryId: string) => go({ categoryId })}
              options={[
                { value: '', label: 'All categories' },
                ...terms.categories.map((c) => ({ value: c.id, label: c.name })),
              ]}
              aria-label="Category"
            />
            <Select
              className={styles.filterSelect}
              value={view.tagId}
              onChange={(tagId: string) => go({ tagId })}
              options={[
                { value: '', label: 'All tags' },
                ...terms.tags.map((t) => ({ value: t.id, label: t.name })),
              ]}
              aria-label="Tag"
            />
          </div>
        </div>
        {load.kind === 'failed' && (
          <Alert
            className={styles.alert}
            type="error"
            showIcon
            title="The posts could not be loaded"
            description={load.message}
            action={<Button onClick={reload}>Try again</Button>}
          />
        )}
        {!page && load.kind === 'loading' && <Skeleton active paragraph={{ rows: 5 }} />}
        {page && page.total === 0 && load.kind !== 'loading' && (
          <Empty
            description={
              filtered
                ? 'No post matches these filters.'
                : 'No posts yet. Write the first one; it stays a draft until you publish it.'
            }
          >
            {filtered && <Button onClick={() => replaceQuery(pathname)}>Show all posts</Button>}
          </Empty>
        )}
        {page &&
          page.total > 0 &&
          (wide ? (
            <Table<Post>
              className={styles.table}
              rowKey="id"
              columns={columns}
              dataSource={page.data}
              loading={load.kind === 'loading'}
              onRow={(p) =>
                ({ 'data-testid': 'post-row', 'data-title': p.title }) as React.HTMLAttributes<HTMLElement>
              }
              pagination={{
                current: page.page,
                pageSize: page.pageSize,
                total: page.total,
                showSizeChanger: false,
                showTotal: (total, [from, to]) => `${from}-${to} of ${total} posts`,
                onChange: (p) => go({ ...view, page: p }),
              }}
            />
          ) : (
            <>
              <ul className={styles.cards}>
                {page.data.map((p) => (
                  <li key={p.id} className={styles.cardItem} data-testid="post-row" data-title={p.title}>
                    <div className={styles.cardTop}>
                      <div className={styles.titleCell}>
                        <strong>{p.title}</strong>
                        <span>/blog/{p.slug}</span>
                      </div>
                      <PostStatusTag status={p.status} />
                    </div>
                    {terms_(p)}
                    <span className={styles.muted}>
                      {p.publishedAt
                        ? `Published ${formatDate(p.publishedAt)}`
                        : `Changed ${formatDate(p.updatedAt)}`}
                    </span>
                    {actions(p)}
                  </li>
                ))}
              </ul>
              {page.total > page.pageSize && (
                <Pagination
                  className={styles.pagination}
                  simple
                  current={page.page}
                  pageSize={page.pageSize}
                  total={page.total}
                  onChange={(p) => go({ ...view, page: p })}
                />
              )}
            </>
          ))}
      </Card>
    </div>
  );
}
