'use client';

import { campaignInputSchema, type Audience } from '@parley/contracts';
import { Alert, Button, DatePicker, Drawer, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { RichTextEditor } from '@/components/editorial/RichTextEditor';
import { useToast } from '@/components/toast/useToast';
import type { Domain } from '@/lib/api/domains';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { marketingApi, type Campaign, type CampaignBody } from '@/lib/api/marketing';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import styles from './EmailMarketing.module.css';

interface Values {
  domainId: string;
  subject: string;
  body: string;
  audience: Audience;
}
const FIELDS = ['domainId', 'subject', 'body'] as const;

const ALL: Audience = { query: '', questionId: '', answer: '', booked: 'any', ordered: 'any' };

/** How many subscribed contacts the recipients' filter matches now (the plan's kept ones). */
function useMatching(domainId: string | undefined, audience: Partial<Audience> | undefined): number | null {
  const [count, setCount] = useState<number | null>(null);
  const key = JSON.stringify({ domainId, ...ALL, ...audience });
  useEffect(() => {
    if (!domainId) return;
    const filter = JSON.parse(key) as Audience & { domainId: string };
    const timer = setTimeout(() => {
      marketingApi
        .contacts({ ...filter, status: 'subscribed', pageSize: 1 })
        .then((page) => setCount(page.total))
        .catch(() => setCount(null));
    }, 300);
    return () => clearTimeout(timer);
  }, [domainId, key]);
  return count;
}

/**
 * Writes a campaign: domain, subject, the body in the blog's rich text editor, who gets it (all
 * of the domain's contacts, or those matching a filter), a preview as the mail will look, a test
 * copy to the owner, then send now or at a time. `onDone` reloads the list.
 */
export function CampaignEditor({
  campaign,
  domains,
  questions,
  emailsLeft,
  onClose,
  onDone,
}: {
  campaign: Campaign | null;
  domains: Domain[];
  questions: { questionId: string; question: string; domainId: string }[];
  emailsLeft: number;
  onClose(): void;
  onDone(): void;
}) {
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const [current, setCurrent] = useState(campaign);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const [sendAt, setSendAt] = useState<Dayjs | null>(null);
  const domainId = Form.useWatch('domainId', form);
  const questionId = Form.useWatch(['audience', 'questionId'], form);
  const audience = Form.useWatch('audience', form);
  const matching = useMatching(domainId, audience);
  const rule = (field: (typeof FIELDS)[number]) => [
    schemaRule(campaignInputSchema, field, () => form.getFieldsValue(true)),
  ];

  async function valid(fields: readonly string[] = FIELDS): Promise<Values | null> {
    try {
      await form.validateFields([...fields]);
      return form.getFieldsValue(true);
    } catch {
      return null;
    }
  }

  function failed(title: string, e: unknown) {
    if (e instanceof ApiError) {
      const { onForm } = splitServerFields(e.fields, FIELDS);
      if (onForm.length) form.setFields(onForm);
      setError(e.message);
    } else setError(errorSentence(e));
    toast.error(title, e instanceof ApiError ? e.message : errorSentence(e));
  }

  /** Saves what is written; the campaign as stored. */
  async function save(): Promise<Campaign | null> {
    const values = await valid();
    if (!values) return null;
    const body: CampaignBody = { ...values, audience: { ...ALL, ...values.audience } };
    const saved = current ? await marketingApi.update(current.id, body) : await marketingApi.create(body);
    setCurrent(saved);
    return saved;
  }

  const act = (name: string, title: string, run: () => Promise<void>) => async () => {
    setBusy(name);
    setError(null);
    try {
      await run();
    } catch (e) {
      failed(title, e);
    } finally {
      setBusy(null);
    }
  };

  const saveDraft = act('save', 'Failed to save the campaign', async () => {
    if (await save()) {
      toast.success('Draft saved');
      onDone();
    }
  });
  const sendNow = act('send', 'The campaign was not sent', async () => {
    const saved = await save();
    if (!saved) return;
    const sent = await marketingApi.send(saved.id, null);
    toast.success(`Sending to ${sent.recipients} contact${sent.recipients === 1 ? '' : 's'}`);
    onDone();
    onClose();
  });
  const schedule = act('schedule', 'The campaign was not scheduled', async () => {
    if (!sendAt) {
      setError('Choose when to send it');
      return;
    }
    const saved = await save();
    if (!saved) return;
    await marketingApi.send(saved.id, sendAt.toISOString());
    toast.success(`Scheduled for ${sendAt.format('MMM D, YYYY h:mm A')}`);
    onDone();
    onClose();
  });
  const showPreview = act('preview', 'The preview could not be made', async () => {
    const values = await valid();
    if (values) setPreview(await marketingApi.preview(values));
  });
  const sendTest = act('test', 'The test was not sent', async () => {
    const values = await valid();
    if (!values) return;
    const { sentTo } = await marketingApi.test(values);
    toast.success(`Test sent to ${sentTo}`);
  });
  const remove = act('delete', 'The campaign was not deleted', async () => {
    if (current) await marketingApi.remove(current.id);
    toast.success('Campaign deleted');
    onDone();
    onClose();
  });

  const initial: Values = campaign
    ? {
        domainId: campaign.domainId,
        subject: campaign.subject,
        body: campaign.body,
        audience: campaign.audience,
      }
    : { domainId: domains[0]?.id ?? '', subject: '', body: '', audience: ALL };
  const domainQuestions = questions.filter((q) => q.domainId === domainId);

  return (
    <Drawer
      open
      onClose={onClose}
      width={760}
      title={current ? 'Edit campaign' : 'New campaign'}
      destroyOnHidden
      data-testid="campaign-editor"
      extra={
        current && (
          <Popconfirm title="Delete this campaign?" onConfirm={remove} okText="Delete">
            <Button danger loading={busy === 'delete'}>
              Delete
            </Button>
          </Popconfirm>
        )
      }
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={initial}>
        {domains.length > 1 && (
          <Form.Item name="domainId" label="Domain" rules={rule('domainId')}>
            <Select
              disabled={Boolean(current)}
              options={domains.map((d) => ({ value: d.id, label: d.domain }))}
              data-testid="campaign-domain"
            />
          </Form.Item>
        )}
        {domains.length <= 1 && (
          <Form.Item name="domainId" hidden>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="subject" label="Subject" rules={rule('subject')} validateTrigger="onBlur">
          <Input maxLength={200} placeholder="What the email is about" data-testid="campaign-subject" />
        </Form.Item>
        <Form.Item name="body" label="Email" rules={rule('body')}>
          <RichTextEditor placeholder="Write the email…" testId="campaign-body" />
        </Form.Item>
        <Form.Item
          label="Recipients"
          extra="Every subscribed contact of the domain that matches all of these."
        >
          <div className={styles.audience}>
            <Form.Item name={['audience', 'query']} noStyle>
              <Input
                placeholder="Name or email contains…"
                style={{ width: 220 }}
                data-testid="campaign-audience-query"
              />
            </Form.Item>
            <Form.Item name={['audience', 'questionId']} noStyle>
              <Select
                style={{ width: 220 }}
                options={[
                  { value: '', label: 'Any answers' },
                  ...domainQuestions.map((q) => ({ value: q.questionId, label: q.question })),
                ]}
                aria-label="Filter question"
              />
            </Form.Item>
            {questionId ? (
              <Form.Item name={['audience', 'answer']} noStyle>
                <Input placeholder="Answer contains…" style={{ width: 180 }} />
              </Form.Item>
            ) : null}
            <Form.Item name={['audience', 'booked']} noStyle>
              <Select
                style={{ width: 150 }}
                options={[
                  { value: 'any', label: 'Bookings: any' },
                  { value: 'yes', label: 'Have booked' },
                  { value: 'no', label: 'Never booked' },
                ]}
                aria-label="Bookings"
              />
            </Form.Item>
            <Form.Item name={['audience', 'ordered']} noStyle>
              <Select
                style={{ width: 150 }}
                options={[
                  { value: 'any', label: 'Orders: any' },
                  { value: 'yes', label: 'Have ordered' },
                  { value: 'no', label: 'Never ordered' },
                ]}
                aria-label="Orders"
              />
            </Form.Item>
          </div>
        </Form.Item>
        <p className={styles.muted} data-testid="campaign-emails-left">
          {matching !== null && (
            <span data-testid="campaign-matching">
              {matching} subscribed contact{matching === 1 ? '' : 's'} match.{' '}
            </span>
          )}
          {emailsLeft} email{emailsLeft === 1 ? '' : 's'} left this month: each recipient counts as one.
        </p>
        {error && (
          <Alert className={styles.alert} type="error" showIcon title={error} data-testid="campaign-error" />
        )}
        <div className={styles.actions}>
          <Button onClick={showPreview} loading={busy === 'preview'} data-testid="campaign-preview">
            Preview
          </Button>
          <Button onClick={sendTest} loading={busy === 'test'} data-testid="campaign-test">
            Send test to me
          </Button>
          <Button onClick={saveDraft} loading={busy === 'save'} data-testid="campaign-save">
            Save draft
          </Button>
        </div>
        <div className={styles.actions} style={{ marginTop: 16 }}>
          <Space.Compact>
            <DatePicker
              showTime={{ format: 'h:mm A' }}
              format="MMM D, YYYY h:mm A"
              value={sendAt}
              onChange={setSendAt}
              disabledDate={(d) => d.isBefore(new Date(), 'day')}
              placeholder="Send at…"
              data-testid="campaign-send-at"
            />
            <Button onClick={schedule} loading={busy === 'schedule'} data-testid="campaign-schedule">
              Schedule
            </Button>
          </Space.Compact>
          <Button type="primary" onClick={sendNow} loading={busy === 'send'} data-testid="campaign-send">
            Send now
          </Button>
        </div>
      </Form>
      <Modal
        open={preview !== null}
        onCancel={() => setPreview(null)}
        footer={null}
        width={720}
        title={preview ? `Subject: ${preview.subject}` : ''}
      >
        {preview && (
          <iframe
            title="Preview of the email"
            className={styles.preview}
            srcDoc={preview.html}
            sandbox=""
            data-testid="campaign-preview-frame"
          />
        )}
      </Modal>
    </Drawer>
  );
}
