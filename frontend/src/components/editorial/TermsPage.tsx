'use client';

import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@/components/icons';
import { categorySchema, tagSchema } from '@parley/contracts/validation';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Grid,
  Input,
  Modal,
  Popconfirm,
  Skeleton,
  Table,
  type TableProps,
} from 'antd';
import Link from 'next/link';
import { useDeferredValue, useState } from 'react';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { useToast } from '@/components/toast/useToast';
import { adminApi, type Taxonomy, type TermKind } from '@/lib/api/editorial';
import { ApiError } from '@/lib/api/errors';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { PATHS } from '@/lib/routing/paths';
import { formatDate } from './format';
import { useAdminList } from './useAdminList';
import styles from './Editorial.module.css';

const TEXTS: Record<
  TermKind,
  { title: string; description: string; noun: string; empty: string; filter: string }
> = {
  tag: {
    title: 'Content Tags',
    description: 'Tags mark what a blog post is about; readers of the blog filter posts by them.',
    noun: 'tag',
    empty: 'No tags yet. Create one, then pick it for posts in the post editor.',
    filter: 'tagId',
  },
  category: {
    title: 'Categories',
    description: 'Each blog post belongs to one category; the blog lists posts by category.',
    noun: 'category',
    empty: 'No categories yet. Create one, then choose it for posts in the post editor.',
    filter: 'categoryId',
  },
};

/** Where the blog lists its posts: /blog?tag=… or /blog?category=…. */
const blogAddress = (kind: TermKind, slug: string) => `/blog?${kind}=${slug}`;

interface Values {
  name: string;
  description?: string;
}

function TermForm({
  kind,
  term,
  onClose,
}: {
  kind: TermKind;
  term?: Taxonomy;
  onClose(saved: boolean): void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const schema = kind === 'tag' ? tagSchema : categorySchema;
  const noun = TEXTS[kind].noun;
  const rule = (field: string) => [schemaRule(schema, field, () => form.getFieldsValue(true))];

  async function save(values: Values) {
    setSaving(true);
    const body =
      kind === 'tag' ? { name: values.name } : { name: values.name, description: values.description ?? '' };
    try {
      if (term) await adminApi.terms.update(kind, term.id, body);
      else await adminApi.terms.create(kind, body);
      toast.success(term ? `The ${noun} was saved` : `The ${noun} was created`);
      onClose(true);
    } catch (e) {
      if (e instanceof ApiError) {
        const { onForm } = splitServerFields(e.fields, ['name', 'description']);
        if (onForm.length) form.setFields(onForm);
      }
      toast.error(`Failed to save the ${noun}`, e instanceof ApiError ? e.message : undefined);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={term ? `Edit ${term.name}` : `New ${noun}`}
      okText={term ? 'Save' : `Create ${noun}`}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: term?.name ?? '', description: term?.description ?? '' }}
        onFinish={save}
        noValidate
        data-testid={`${kind}-form`}
      >
        <Form.Item
          name="name"
          label="Name"
          rules={rule('name')}
          validateTrigger="onBlur"
          extra="Its address on the blog is made from it."
        >
          <Input maxLength={kind === 'tag' ? 40 : 60} autoFocus />
        </Form.Item>
        {kind === 'category' && (
          <Form.Item
            name="description"
            label="Description"
            rules={rule('description')}
            extra="Shown on the blog above the category's posts."
          >
            <Input.TextArea rows={3} maxLength={300} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** Content Tags and Categories (admin): list with post counts, search, create, rename, delete. */
export function TermsPage({ kind }: { kind: TermKind }) {
  const texts = TEXTS[kind];
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const { load, value, reload } = useAdminList(`${kind}:${deferred}`, (signal) =>
    adminApi.terms.list(kind, deferred, signal),
  );
  const [editing, setEditing] = useState<Taxonomy | 'new' | null>(null);
  const toast = useToast();
  const wide = Grid.useBreakpoint().md ?? true;

  async function remove(term: Taxonomy) {
    try {
      await adminApi.terms.remove(kind, term.id);
      toast.success(`${term.name} was deleted`);
      reload();
    } catch (e) {
      toast.error(`Failed to delete the ${texts.noun}`, e instanceof ApiError ? e.message : undefined);
    }
  }

  const postsLink = (t: Taxonomy) => (
    <Link href={`${PATHS.adminBlogs}?${texts.filter}=${t.id}`}>
      {t.postCount} {t.postCount === 1 ? 'post' : 'posts'}
    </Link>
  );
  const actions = (t: Taxonomy) => (
    <div className={styles.cardActions}>
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={() => setEditing(t)}
        aria-label={`Edit ${t.name}`}
      >
        Edit
      </Button>
      <Popconfirm
        title={`Delete ${t.name}?`}
        description={
          kind === 'tag'
            ? 'Posts keep going without this tag.'
            : 'Its posts stay published, without a category.'
        }
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={() => remove(t)}
      >
        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${t.name}`}>
          Delete
        </Button>
      </Popconfirm>
    </div>
  );
  const columns: TableProps<Taxonomy>['columns'] = [
    {
      title: 'Name',
      key: 'name',
      render: (_, t) => (
        <div className={styles.titleCell}>
          <strong>{t.name}</strong>
          <span>{blogAddress(kind, t.slug)}</span>
        </div>
      ),
    },
    ...(kind === 'category'
      ? [{ title: 'Description', dataIndex: 'description', key: 'description', responsive: ['lg' as const] }]
      : []),
    { title: 'Posts', key: 'posts', render: (_, t) => postsLink(t), width: 110 },
    {
      title: 'Changed',
      key: 'updated',
      render: (_, t) => <span className={styles.nowrap}>{formatDate(t.updatedAt)}</span>,
      width: 140,
    },
    { title: '', key: 'actions', render: (_, t) => actions(t), width: 200 },
  ];

  return (
    <div data-testid={`${kind}-page`}>
      <PageTitle
        title={texts.title}
        description={texts.description}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            New {texts.noun}
          </Button>
        }
      />
      <Card className={styles.card}>
        <div className={styles.toolbarRow}>
          <Input
            allowClear
            className={styles.search}
            prefix={<SearchOutlined />}
            placeholder={`Search ${kind === 'tag' ? 'tags' : 'categories'}`}
            aria-label="Search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {load.kind === 'failed' && (
          <Alert
            className={styles.alert}
            type="error"
            showIcon
            title="The list could not be loaded"
            description={load.message}
            action={<Button onClick={reload}>Try again</Button>}
          />
        )}
        {!value && load.kind === 'loading' && <Skeleton active paragraph={{ rows: 4 }} />}
        {value && value.length === 0 && load.kind !== 'loading' && (
          <Empty description={deferred ? `Nothing matches “${deferred}”.` : texts.empty} />
        )}
        {value &&
          value.length > 0 &&
          (wide ? (
            <Table<Taxonomy>
              className={styles.table}
              rowKey="id"
              columns={columns}
              dataSource={value}
              loading={load.kind === 'loading'}
              pagination={value.length > 50 ? { pageSize: 50 } : false}
              onRow={(t) =>
                ({ 'data-testid': `${kind}-row`, 'data-name': t.name }) as React.HTMLAttributes<HTMLElement>
              }
            />
          ) : (
            <ul className={styles.cards}>
              {value.map((t) => (
                <li key={t.id} className={styles.cardItem} data-testid={`${kind}-row`} data-name={t.name}>
                  <div className={styles.cardTop}>
                    <div className={styles.titleCell}>
                      <strong>{t.name}</strong>
                      <span>{blogAddress(kind, t.slug)}</span>
                    </div>
                    {postsLink(t)}
                  </div>
                  {t.description && <span className={styles.muted}>{t.description}</span>}
                  {actions(t)}
                </li>
              ))}
            </ul>
          ))}
      </Card>
      {editing && (
        <TermForm
          kind={kind}
          term={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) reload();
          }}
        />
      )}
    </div>
  );
}
