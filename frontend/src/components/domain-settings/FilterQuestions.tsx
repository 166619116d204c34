'use client';

import { DeleteOutlined } from '@/components/icons';
import { Alert, Button, Card, Empty, Form, Input, Popconfirm, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { filterQuestionSchema as rules } from '@parley/contracts/validation';
import { ApiError, errorSentence } from '@/lib/api/errors';
import {
  addFilterQuestion,
  deleteFilterQuestion,
  listFilterQuestions,
  type FilterQuestion,
} from '@/lib/api/filter-questions';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { useToast } from '@/components/toast/useToast';
import styles from './DomainSettings.module.css';

/** Question and answer pairs the assistant asks visitors and knows the answers to (screen 10). */
export function FilterQuestions({ domainId }: { domainId: string }) {
  const [list, setList] = useState<FilterQuestion[]>();
  const [loadError, setLoadError] = useState<string>();
  const [form] = Form.useForm<{ question: string; answer: string }>();
  const [saving, setSaving] = useState(false);
  const toast = useToast();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setList((await listFilterQuestions(domainId, signal)).data);
        setLoadError(undefined);
      } catch (e) {
        if (!signal?.aborted) setLoadError(errorSentence(e));
      }
    },
    [domainId],
  );
  useEffect(() => {
    const c = new AbortController();
    void load(c.signal);
    return () => c.abort();
  }, [load]);

  async function add(values: { question: string; answer: string }) {
    setSaving(true);
    try {
      const parsed = rules.parse(values);
      await addFilterQuestion(domainId, parsed.question, parsed.answer);
      form.resetFields();
      toast.success('Question added');
      await load();
    } catch (e) {
      if (e instanceof ApiError) {
        const { onForm } = splitServerFields(e.fields, ['question', 'answer'] as const);
        if (onForm.length) form.setFields(onForm);
      }
      toast.error('Failed to add question', e instanceof ApiError ? e.message : undefined);
    } finally {
      setSaving(false);
    }
  }

  async function remove(id: string) {
    try {
      await deleteFilterQuestion(id);
      toast.success('Question deleted successfully');
      setList((current) => current?.filter((q) => q.id !== id));
    } catch (e) {
      toast.error('Failed to delete question', e instanceof ApiError ? e.message : undefined);
    }
  }

  const rule = (field: 'question' | 'answer') => [schemaRule(rules, field, () => form.getFieldsValue(true))];

  return (
    <div className={styles.columns}>
      <Card title="Add a question" className={styles.card}>
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={add}
          noValidate
          data-testid="filter-question-form"
        >
          <Form.Item name="question" label="Question" rules={rule('question')} validateTrigger="onSubmit">
            <Input maxLength={500} placeholder="What is your budget?" />
          </Form.Item>
          <Form.Item name="answer" label="Answer" rules={rule('answer')} validateTrigger="onSubmit">
            <Input.TextArea
              rows={3}
              maxLength={4000}
              placeholder="What the assistant should know or do with the answer"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            Add question
          </Button>
        </Form>
      </Card>
      <Card title="Questions" className={styles.card}>
        {loadError && (
          <Alert
            type="error"
            showIcon
            title="The questions could not be loaded"
            description={loadError}
            action={<Button onClick={() => void load()}>Try again</Button>}
          />
        )}
        {!list && !loadError && <Skeleton active />}
        {list && list.length === 0 && <Empty description="No questions yet" />}
        {list && list.length > 0 && (
          <ul className={styles.qaList} data-testid="filter-question-list">
            {list.map((q) => (
              <li key={q.id} data-testid="filter-question">
                <div>
                  <strong>{q.question}</strong>
                  {q.answer && <p>{q.answer}</p>}
                </div>
                <Popconfirm
                  title="Delete this question?"
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(q.id)}
                >
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={`Delete question ${q.question}`}
                    danger
                    type="text"
                  />
                </Popconfirm>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
