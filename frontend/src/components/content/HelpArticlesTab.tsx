'use client';

import { DeleteOutlined, EditOutlined, PlusOutlined } from '@/components/icons';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Switch,
  Tag,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ARTICLE_TYPES, helpArticleSchema as rules } from '@parley/contracts/validation';
import { helpArticles, type HelpArticle } from '@/lib/api/content';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { useToast } from '@/components/toast/useToast';
import styles from './Content.module.css';

const TYPE_LABELS: Record<(typeof ARTICLE_TYPES)[number], string> = {
  faq: 'FAQ',
  article: 'Article',
  guide: 'Guide',
};
const FIELDS = ['title', 'question', 'answer', 'content', 'articleType', 'category', 'tags'] as const;
type Values = Omit<HelpArticle, 'id'>;

/** Help articles of one domain: list, create, edit, delete (spec section 3 fields and rules). */
export function HelpArticlesTab({ domainId }: { domainId: string }) {
  const [list, setList] = useState<HelpArticle[]>();
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState<HelpArticle | 'new'>();
  const toast = useToast();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setList((await helpArticles.list(domainId, signal)).data);
        setError(undefined);
      } catch (e) {
        if (!signal?.aborted) setError(errorSentence(e));
      }
    },
    [domainId],
  );
  useEffect(() => {
    const c = new AbortController();
    void load(c.signal);
    return () => c.abort();
  }, [load]);

  async function remove(a: HelpArticle) {
    try {
      await helpArticles.remove(a.id);
      toast.success('Article deleted', a.title);
      setList((current) => current?.filter((x) => x.id !== a.id));
    } catch (e) {
      toast.error('An unexpected error occurred', errorSentence(e));
    }
  }

  return (
    <Card
      title="Help articles"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          New article
        </Button>
      }
    >
      {error && (
        <Alert
          type="error"
          showIcon
          title="The articles could not be loaded"
          description={error}
          action={<Button onClick={() => void load()}>Try again</Button>}
        />
      )}
      {!list && !error && <Skeleton active />}
      {list && list.length === 0 && <Empty description="No help articles yet" />}
      {list && list.length > 0 && (
        <ul className={styles.cards} data-testid="article-list">
          {list.map((a) => (
            <li key={a.id} data-testid="article">
              <div>
                <strong>{a.title}</strong>
                <p>{a.question}</p>
                <div>
                  <Tag color="blue">
                    {TYPE_LABELS[(a.articleType ?? 'faq') as keyof typeof TYPE_LABELS] ?? a.articleType}
                  </Tag>
                  {a.category && <Tag>{a.category}</Tag>}
                  {a.isPinned && <Tag color="gold">Pinned</Tag>}
                  {!a.isPublished && <Tag>Draft</Tag>}
                </div>
              </div>
              <div>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${a.title}`}
                  onClick={() => setEditing(a)}
                />
                <Popconfirm
                  title={`Delete ${a.title}?`}
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(a)}
                >
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${a.title}`} />
                </Popconfirm>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ArticleForm
          domainId={domainId}
          article={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) void load();
          }}
        />
      )}
    </Card>
  );
}

function ArticleForm({
  domainId,
  article,
  onClose,
}: {
  domainId: string;
  article?: HelpArticle;
  onClose(saved: boolean): void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const body = (v: Values) => ({
    ...v,
    domainId,
    tags: v.tags ?? [],
    content: v.content ?? '',
    category: v.category ?? '',
  });
  const rule = (field: (typeof FIELDS)[number]) => [
    schemaRule(rules, field, () => body(form.getFieldsValue(true))),
  ];

  async function save(values: Values) {
    setSaving(true);
    try {
      if (article) await helpArticles.update(article.id, body(values));
      else await helpArticles.create(body(values));
      toast.success(article ? 'Article updated successfully' : 'Article created successfully');
      onClose(true);
    } catch (e) {
      if (e instanceof ApiError) {
        const { onForm } = splitServerFields(e.fields, FIELDS);
        if (onForm.length) form.setFields(onForm);
      }
      toast.error('Failed to save article', e instanceof ApiError ? e.message : undefined);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={article ? `Edit ${article.title}` : 'New help article'}
      onCancel={() => onClose(false)}
      width={720}
      okText={article ? 'Save article' : 'Create article'}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        noValidate
        onFinish={save}
        data-testid="article-form"
        initialValues={{
          articleType: 'faq',
          isPublished: true,
          isPinned: false,
          tags: [],
          ...(article ?? {}),
        }}
      >
        <Form.Item name="title" label="Title" rules={rule('title')} validateTrigger="onBlur">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="question" label="Question" rules={rule('question')} validateTrigger="onBlur">
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="answer" label="Answer" rules={rule('answer')} validateTrigger="onBlur">
          <Input.TextArea rows={3} maxLength={10_000} />
        </Form.Item>
        <Form.Item
          name="content"
          label="Content"
          extra="The full article, if there is more to say than the answer."
        >
          <Input.TextArea rows={5} maxLength={50_000} />
        </Form.Item>
        <div className={styles.threeCols}>
          <Form.Item name="articleType" label="Type">
            <Select
              aria-label="Type"
              options={ARTICLE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            />
          </Form.Item>
          <Form.Item name="category" label="Category">
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item name="tags" label="Tags">
            <Select mode="tags" tokenSeparators={[',']} open={false} aria-label="Tags" />
          </Form.Item>
        </div>
        <div className={styles.twoCols}>
          <Form.Item name="isPublished" label="Published" valuePropName="checked">
            <Switch aria-label="Published" />
          </Form.Item>
          <Form.Item name="isPinned" label="Pinned" valuePropName="checked">
            <Switch aria-label="Pinned" />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
