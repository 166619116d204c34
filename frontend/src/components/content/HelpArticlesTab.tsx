'use client';

import { Form, Input, Modal, Select, Switch, Tag } from 'antd';
import { ARTICLE_TYPES, helpArticleSchema as rules } from '@parley/contracts/validation';
import { helpArticles, type HelpArticle } from '@/lib/api/content';
import { schemaRule } from '@/lib/forms/zod-fields';
import { ContentListCard, ItemActions } from './ContentListCard';
import { QuestionVariantsField } from './QuestionVariantsField';
import { useDomainItems } from './useDomainItems';
import { useItemSave } from './useItemSave';
import styles from './Content.module.css';

const TYPE_LABELS: Record<(typeof ARTICLE_TYPES)[number], string> = {
  faq: 'FAQ',
  article: 'Article',
  guide: 'Guide',
};
const FIELDS = [
  'title',
  'question',
  'questionVariants',
  'answer',
  'content',
  'articleType',
  'category',
  'tags',
] as const;
type Values = Omit<HelpArticle, 'id'>;
/** The form's other ways of asking as the API takes them: trimmed strings, blank rows left out. */
const askedOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter((q): q is string => typeof q === 'string')
        .map((q) => q.trim())
        .filter(Boolean)
    : [];
const DELETED = { title: 'Article deleted', name: (a: HelpArticle) => a.title };

/** Help articles of one domain: list, create, edit, delete (spec section 3 fields and rules). */
export function HelpArticlesTab({ domainId }: { domainId: string }) {
  const items = useDomainItems(helpArticles, domainId, DELETED);

  return (
    <ContentListCard
      items={items}
      title="Help articles"
      newLabel="New article"
      errorTitle="The articles could not be loaded"
      emptyText="No help articles yet"
      editor={(item, onClose) => <ArticleForm domainId={domainId} article={item} onClose={onClose} />}
    >
      {(list) => (
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
                <ItemActions
                  name={a.title}
                  onEdit={() => items.setEditing(a)}
                  onDelete={() => items.remove(a)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </ContentListCard>
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
  const { saving, save: saveItem } = useItemSave(form, helpArticles, FIELDS, {
    created: 'Article created successfully',
    updated: 'Article updated successfully',
    failed: 'Failed to save article',
  });
  const body = (v: Values) => ({
    ...v,
    domainId,
    tags: v.tags ?? [],
    questionVariants: askedOf(v.questionVariants),
    content: v.content ?? '',
    category: v.category ?? '',
  });
  const rule = (field: (typeof FIELDS)[number]) => [
    schemaRule(rules, field, () => body(form.getFieldsValue(true))),
  ];

  async function save(values: Values) {
    if (await saveItem(article?.id, body(values))) onClose(true);
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
          questionVariants: article?.questionVariants ?? [],
        }}
      >
        <Form.Item name="title" label="Title" rules={rule('title')} validateTrigger="onBlur">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="question" label="Question" rules={rule('question')} validateTrigger="onBlur">
          <Input maxLength={500} />
        </Form.Item>
        <QuestionVariantsField />
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
