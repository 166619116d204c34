'use client';

import { ArrowLeftOutlined, EyeOutlined } from '@/components/icons';
import { blogPostSchema, slugify, type PostStatus } from '@parley/contracts/validation';
import { Alert, Button, Card, Form, Input, Segmented, Select, Skeleton, Space } from 'antd';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { useSession } from '@/components/dashboard/SessionProvider';
import { useToast } from '@/components/toast/useToast';
import { adminApi, type Post, type Taxonomy } from '@/lib/api/editorial';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { PATHS } from '@/lib/routing/paths';
import { CoverImageField } from './CoverImageField';
import { PostStatusTag } from './PostsPage';
import { RichTextEditor } from './RichTextEditor';
import { formatDateTime } from './format';
import styles from './Editorial.module.css';

interface Values {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  coverImageId: string | null;
  coverImageAlt: string;
  categoryId: string | null;
  tagIds: string[];
  authorName: string;
  status: PostStatus;
}

const FIELDS = [
  'title',
  'slug',
  'excerpt',
  'body',
  'coverImageId',
  'coverImageAlt',
  'categoryId',
  'tagIds',
  'authorName',
  'status',
] as const;

const valuesOf = (post: Post | undefined, author: string): Values => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  excerpt: post?.excerpt ?? '',
  body: post?.body ?? '',
  coverImageId: post?.coverImageId ?? null,
  coverImageAlt: post?.coverImageAlt ?? '',
  categoryId: post?.category?.id ?? null,
  tagIds: post?.tags.map((t) => t.id) ?? [],
  authorName: post?.authorName ?? author,
  status: post?.status ?? 'draft',
});

function PostForm({ post, categories, tags }: { post?: Post; categories: Taxonomy[]; tags: Taxonomy[] }) {
  const { user } = useSession();
  const [form] = Form.useForm<Values>();
  const router = useRouter();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const [current, setCurrent] = useState(post);
  // The address follows the title until the admin writes one of their own.
  const [slugTouched, setSlugTouched] = useState(Boolean(post));
  const status = Form.useWatch('status', form) ?? 'draft';
  const cover = Form.useWatch('coverImageId', form);
  const rule = (field: (typeof FIELDS)[number]) => [
    schemaRule(blogPostSchema, field, () => form.getFieldsValue(true)),
  ];

  async function save(values: Values) {
    setSaving(true);
    const body = { ...values, coverImageAlt: values.coverImageId ? values.coverImageAlt : '' };
    try {
      const saved = current
        ? await adminApi.posts.update(current.id, body)
        : await adminApi.posts.create(body);
      setCurrent(saved);
      form.setFieldsValue({ slug: saved.slug, body: saved.body ?? values.body });
      toast.success(
        saved.status === 'published'
          ? current?.status === 'published'
            ? 'Post updated'
            : 'Post published'
          : 'Draft saved',
      );
      if (!current) router.replace(`${PATHS.adminBlogs}/${saved.id}`);
    } catch (e) {
      if (e instanceof ApiError) {
        const { onForm } = splitServerFields(e.fields, FIELDS);
        if (onForm.length) form.setFields(onForm);
      }
      toast.error('Failed to save the post', e instanceof ApiError ? e.message : errorSentence(e));
    } finally {
      setSaving(false);
    }
  }

  const saveLabel =
    status === 'published'
      ? current?.status === 'published'
        ? 'Save changes'
        : 'Publish'
      : current?.status === 'published'
        ? 'Unpublish and save'
        : 'Save draft';

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={valuesOf(post, user.fullname)}
      onFinish={save}
      onValuesChange={(changed: Partial<Values>) => {
        if ('title' in changed && !slugTouched) form.setFieldsValue({ slug: slugify(changed.title ?? '') });
      }}
      noValidate
      data-testid="post-form"
    >
      <div className={styles.editorLayout}>
        <Card>
          <Form.Item name="title" label="Title" rules={rule('title')} validateTrigger="onBlur">
            <Input size="large" maxLength={200} placeholder="What the post is about" />
          </Form.Item>
          <Form.Item
            name="slug"
            label="Address"
            rules={rule('slug')}
            validateTrigger="onBlur"
            extra="Lower-case letters, digits and hyphens. Made from the title until you change it."
          >
            <Input
              prefix={<span className={styles.slugPrefix}>/blog/</span>}
              maxLength={80}
              onChange={() => setSlugTouched(true)}
            />
          </Form.Item>
          <Form.Item
            name="excerpt"
            label="Summary"
            rules={rule('excerpt')}
            extra="Shown in the blog's list and on share cards. Left empty, the start of the post is used."
          >
            <Input.TextArea rows={2} maxLength={300} />
          </Form.Item>
          <Form.Item name="body" label="Post" rules={rule('body')}>
            <RichTextEditor placeholder="Write the post…" testId="post-body" aria-label="Post" />
          </Form.Item>
        </Card>
        <div className={styles.side}>
          <Card title="Publishing">
            {current && (
              <p className={styles.muted} style={{ marginTop: 0 }}>
                <PostStatusTag status={current.status} />
                {current.publishedAt
                  ? `First published ${formatDateTime(current.publishedAt)}`
                  : 'Not published yet'}
              </p>
            )}
            <Form.Item name="status" label="Status">
              <Segmented<PostStatus>
                block
                options={[
                  { value: 'draft', label: 'Draft' },
                  { value: 'published', label: 'Published' },
                ]}
                data-testid="post-status"
              />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="post-save">
                {saveLabel}
              </Button>
              {current?.status === 'published' && (
                <a href={`${PATHS.blog}/${current.slug}`} target="_blank" rel="noreferrer">
                  <Button icon={<EyeOutlined />}>View on the blog</Button>
                </a>
              )}
            </Space>
          </Card>
          <Card title="Details">
            <Form.Item name="authorName" label="Author" rules={rule('authorName')} validateTrigger="onBlur">
              <Input maxLength={80} />
            </Form.Item>
            <Form.Item name="categoryId" label="Category" rules={rule('categoryId')}>
              <Select
                allowClear
                placeholder="No category"
                options={categories.map((c) => ({ value: c.id, label: c.name }))}
                notFoundContent="No categories yet"
                data-testid="post-category"
              />
            </Form.Item>
            <Form.Item name="tagIds" label="Tags" rules={rule('tagIds')} extra="Up to 10.">
              <Select
                mode="multiple"
                allowClear
                placeholder="No tags"
                maxCount={10}
                optionFilterProp="label"
                options={tags.map((t) => ({ value: t.id, label: t.name }))}
                notFoundContent="No tags yet"
                data-testid="post-tags"
              />
            </Form.Item>
          </Card>
          <Card title="Cover image">
            <Form.Item name="coverImageId" rules={rule('coverImageId')} noStyle>
              <CoverImageField />
            </Form.Item>
            {cover && (
              <Form.Item
                name="coverImageAlt"
                label="Describe the image"
                rules={rule('coverImageAlt')}
                extra="For people who cannot see it."
                style={{ marginTop: 12, marginBottom: 0 }}
              >
                <Input maxLength={200} />
              </Form.Item>
            )}
          </Card>
        </div>
      </div>
    </Form>
  );
}

/** Writing or editing one blog post (admin): /dashboard/admin/blogs/new or /dashboard/admin/blogs/{id}. */
export function PostEditor({ id }: { id?: string }) {
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'ready'; post?: Post; categories: Taxonomy[]; tags: Taxonomy[] }
    | { kind: 'failed'; message: string }
  >({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      id ? adminApi.posts.get(id, controller.signal) : Promise.resolve(undefined),
      adminApi.terms.list('category', '', controller.signal),
      adminApi.terms.list('tag', '', controller.signal),
    ])
      .then(([post, categories, tags]) => setState({ kind: 'ready', post, categories, tags }))
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'failed', message: errorSentence(e) });
      });
    return () => controller.abort();
  }, [id]);

  return (
    <div data-testid="post-editor">
      <Link href={PATHS.adminBlogs} className={styles.backLink}>
        <ArrowLeftOutlined /> All posts
      </Link>
      <PageTitle
        title={id ? (state.kind === 'ready' && state.post ? state.post.title : 'Edit post') : 'New post'}
        description="Drafts stay here; published posts appear on /blog at once."
      />
      {state.kind === 'loading' && <Skeleton active paragraph={{ rows: 10 }} />}
      {state.kind === 'failed' && (
        <Alert type="error" showIcon title="The post could not be loaded" description={state.message} />
      )}
      {state.kind === 'ready' && (
        <PostForm post={state.post} categories={state.categories} tags={state.tags} />
      )}
    </div>
  );
}
