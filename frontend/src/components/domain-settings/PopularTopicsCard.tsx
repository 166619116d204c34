'use client';

import { DeleteOutlined, PlusOutlined } from '@/components/icons';
import { Button, Card, Form, Input, Select, Switch, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { MAX_HOME_ENTRIES, popularTopicSchema, topicTargetMessage } from '@parley/contracts/validation';
import { helpArticles, type HelpArticle } from '@/lib/api/content';
import type { HomeSettings } from '@/lib/api/domain-settings';
import { schemaRule } from '@/lib/forms/zod-fields';
import { newEntryId } from './entry-id';
import styles from './DomainSettings.module.css';

const LINK_TYPES = [
  { value: 'helpdesk_general', label: 'Help desk' },
  { value: 'helpdesk_specific', label: 'A help article' },
  { value: 'external_url', label: 'A web page' },
];

/** The domain's published help articles, which a topic can open (drafts are not in the widget). */
function usePublishedArticles(domainId: string): HelpArticle[] | undefined {
  const [articles, setArticles] = useState<HelpArticle[]>();
  useEffect(() => {
    const c = new AbortController();
    helpArticles
      .list(domainId, c.signal)
      .then(({ data }) => setArticles(data.filter((a) => a.isPublished !== false)))
      .catch(() => !c.signal.aborted && setArticles([]));
    return () => c.abort();
  }, [domainId]);
  return articles;
}

/**
 * What the Article field shows for its chosen id: the article's title; never the bare id, which
 * is all antd has while the list is on its way or once the article is unpublished or deleted.
 */
function articleLabel(articles: HelpArticle[] | undefined, id: unknown): string {
  if (!articles) return 'Loading articles…';
  return articles.find((a) => a.id === id)?.title ?? 'An article that is no longer published';
}

/** The home tab's popular topics: each opens the help desk, one help article or a web page. */
export function PopularTopicsCard({
  form,
  domainId,
}: {
  form: FormInstance<HomeSettings>;
  domainId: string;
}) {
  const on = Form.useWatch('popularTopicsEnabled', form);
  const articles = usePublishedArticles(domainId);

  return (
    <Card
      title="Popular topics"
      className={styles.card}
      extra={
        <Form.Item name="popularTopicsEnabled" valuePropName="checked" noStyle>
          <Switch aria-label="Popular topics enabled" />
        </Form.Item>
      }
    >
      <Form.List name="popularTopics">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <TopicRow
                key={f.key}
                form={form}
                index={f.name}
                disabled={!on}
                articles={articles}
                onRemove={() => remove(f.name)}
              />
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ id: newEntryId(), title: '', linkType: 'helpdesk_general' })}
              disabled={!on || fields.length >= MAX_HOME_ENTRIES}
            >
              Add topic
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}

function TopicRow({
  form,
  index,
  disabled,
  articles,
  onRemove,
}: {
  form: FormInstance<HomeSettings>;
  index: number;
  disabled: boolean;
  articles: HelpArticle[] | undefined;
  onRemove(): void;
}) {
  const linkType = Form.useWatch(['popularTopics', index, 'linkType'], form);
  const topic = () => form.getFieldValue(['popularTopics', index]) as Record<string, string | undefined>;
  const targetRule = {
    validator: async () => {
      const message = topicTargetMessage(topic().linkType, topic().linkTarget);
      if (message) throw new Error(message);
    },
  };
  // A target belongs to its kind: choosing another kind starts it afresh.
  const clearTarget = () => form.setFieldValue(['popularTopics', index, 'linkTarget'], undefined);

  return (
    <div className={styles.row} data-testid="topic-row">
      <Form.Item
        name={[index, 'title']}
        label="Topic"
        rules={[schemaRule(popularTopicSchema, 'title', topic)]}
      >
        <Input maxLength={80} disabled={disabled} />
      </Form.Item>
      <Form.Item name={[index, 'linkType']} label="Opens">
        <Select options={LINK_TYPES} disabled={disabled} aria-label="Opens" onChange={clearTarget} />
      </Form.Item>
      {linkType === 'helpdesk_specific' && (
        <Form.Item name={[index, 'linkTarget']} label="Article" rules={[targetRule]}>
          <Select
            aria-label="Article"
            disabled={disabled}
            loading={!articles}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choose a help article"
            notFoundContent="No published help articles yet: add one on the Help articles tab."
            options={(articles ?? []).map((a) => ({ value: a.id, label: a.title }))}
            labelRender={({ value }) => articleLabel(articles, value)}
          />
        </Form.Item>
      )}
      {linkType === 'external_url' && (
        <Form.Item
          name={[index, 'linkTarget']}
          label="Web address"
          rules={[targetRule]}
          validateTrigger="onBlur"
        >
          <Input maxLength={2048} inputMode="url" placeholder="https://" disabled={disabled} />
        </Form.Item>
      )}
      {linkType !== 'helpdesk_specific' && linkType !== 'external_url' && <span aria-hidden />}
      <Button
        icon={<DeleteOutlined />}
        aria-label="Remove topic"
        onClick={onRemove}
        className={styles.rowRemove}
      />
    </div>
  );
}
