'use client';

import { SearchOutlined } from '@/components/icons';
import { Button, Card, Empty, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { searchSchema } from '@parley/contracts/validation';
import { search, type SearchHit } from '@/lib/api/content';
import type { Domain } from '@/lib/api/domains';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { useToast } from '@/components/toast/useToast';
import styles from './Content.module.css';

const KIND_LABELS: Record<string, string> = {
  product: 'Product',
  article: 'Help article',
  filter_question: 'Filter question',
};

/** Screen 10's search: a query within one selected domain (Search messages of spec section 5). */
export function SearchCard({ domains }: { domains: Domain[] }) {
  const [form] = Form.useForm<{ domainId?: string; query: string }>();
  const [hits, setHits] = useState<SearchHit[]>();
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const rule = (field: 'domainId' | 'query') => [
    schemaRule(searchSchema, field, () => form.getFieldsValue(true)),
  ];

  async function run(values: { domainId?: string; query: string }) {
    setBusy(true);
    try {
      const parsed = searchSchema.parse(values);
      setHits((await search(parsed.domainId, parsed.query)).data);
    } catch (e) {
      if (e instanceof ApiError) {
        const { onForm } = splitServerFields(e.fields, ['domainId', 'query'] as const);
        if (onForm.length) return form.setFields(onForm);
      }
      toast.error('An unexpected error occurred', errorSentence(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Search" data-testid="search-card">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        noValidate
        onFinish={run}
        className={styles.searchForm}
        initialValues={{ domainId: domains.length === 1 ? domains[0]!.id : undefined }}
      >
        <Form.Item name="domainId" label="Domain" rules={rule('domainId')} validateTrigger="onSubmit">
          <Select
            aria-label="Domain"
            placeholder="Select a domain"
            options={domains.map((d) => ({ value: d.id, label: d.domain }))}
            allowClear
          />
        </Form.Item>
        <Form.Item name="query" label="Search query" rules={rule('query')} validateTrigger="onSubmit">
          <Input placeholder="Products, help articles, filter questions" maxLength={200} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SearchOutlined />}
          loading={busy}
          className={styles.searchButton}
        >
          Search
        </Button>
      </Form>
      {hits && hits.length === 0 && <Empty description="Nothing matches" />}
      {hits && hits.length > 0 && (
        <ul className={styles.cards} data-testid="search-results">
          {hits.map((h) => (
            <li key={`${h.kind}-${h.id}`} data-testid="search-hit">
              <div>
                <span>
                  <Tag>{KIND_LABELS[h.kind] ?? h.kind}</Tag>
                  <strong>{h.title}</strong>
                </span>
                {h.snippet && <p>{h.snippet}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
