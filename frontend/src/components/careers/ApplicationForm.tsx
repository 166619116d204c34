'use client';

import { DeleteOutlined, FilePdfOutlined, PlusOutlined, UploadOutlined } from '@/components/icons';
import { cvProblem, jobApplicationSchema } from '@parley/contracts/validation';
import { Button, Form, Input, Result } from 'antd';
import { useRef, useState } from 'react';
import { FormError } from '@/components/auth/FormError';
import { api } from '@/lib/api/client';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { applicationSentSchema } from '@/lib/api/public-content';
import { nestedServerFields, schemaRule, visibleMessage } from '@/lib/forms/zod-fields';
import styles from './ApplicationForm.module.css';

interface Values {
  name: string;
  email: string;
  links: string[];
  coverLetter: string;
}

const FIELDS = ['name', 'email', 'links', 'coverLetter', 'cv'] as const;

/**
 * /careers/{id}'s form: name, email, up to 5 links, a cover letter and the CV as a PDF of at most
 * 5 MB (its bytes checked here as the server checks them). Errors show on their fields, as on
 * the sign-up form; the rest above the form.
 */
export function ApplicationForm({ jobId, jobTitle }: { jobId: string; jobTitle: string }) {
  const [form] = Form.useForm<Values>();
  const file = useRef<HTMLInputElement>(null);
  const [cv, setCv] = useState<File | null>(null);
  const [cvError, setCvError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const rule = (field: string) => [schemaRule(jobApplicationSchema, field, () => form.getFieldsValue(true))];

  async function pick(picked: File | undefined) {
    if (!picked) return;
    const problem = cvProblem(new Uint8Array(await picked.arrayBuffer()), picked.name);
    setCvError(problem?.message);
    setCv(problem ? null : picked);
    if (file.current) file.current.value = '';
  }

  async function send(values: Values) {
    if (!cv) {
      setCvError('Attach your CV as a PDF');
      return;
    }
    setSending(true);
    setFailure(null);
    const body = new FormData();
    body.append('name', values.name);
    body.append('email', values.email);
    for (const link of values.links ?? []) if (link?.trim()) body.append('links', link.trim());
    body.append('coverLetter', values.coverLetter ?? '');
    body.append('cv', cv, cv.name);
    try {
      const answer = await api(`/careers/jobs/${encodeURIComponent(jobId)}/applications`, {
        method: 'POST',
        body,
        schema: applicationSentSchema,
      });
      setSent(answer.message);
    } catch (e) {
      if (e instanceof ApiError) {
        form.setFields(
          nestedServerFields(e.fields, ['name', 'email', 'links', 'coverLetter']) as Parameters<
            typeof form.setFields
          >[0],
        );
        const onCv = e.fields.find((f) => f.field === 'cv');
        if (onCv) setCvError(visibleMessage(onCv.message));
        const shown = e.fields.some((f) => (FIELDS as readonly string[]).includes(f.field.split('.')[0]!));
        setFailure(shown && e.status === 400 ? 'Please correct the highlighted fields.' : errorSentence(e));
      } else setFailure(errorSentence(e));
    } finally {
      setSending(false);
    }
  }

  if (sent)
    return (
      <Result
        status="success"
        title="Application sent"
        subTitle={sent}
        className={styles.result}
        data-testid="application-sent"
      />
    );

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ name: '', email: '', links: [''], coverLetter: '' }}
      onFinish={send}
      onFinishFailed={() => {
        if (!cv) setCvError('Attach your CV as a PDF');
      }}
      noValidate
      className={styles.form}
      data-testid="application-form"
      aria-label={`Apply for ${jobTitle}`}
    >
      <FormError message={failure} />
      <Form.Item name="name" label="Full name" rules={rule('name')} validateTrigger="onBlur">
        <Input autoComplete="name" maxLength={100} />
      </Form.Item>
      <Form.Item name="email" label="Email" rules={rule('email')} validateTrigger="onBlur">
        <Input type="email" autoComplete="email" maxLength={254} />
      </Form.Item>
      <Form.Item label="Links" extra="LinkedIn, GitHub, a portfolio or anything you made. Up to 5.">
        <Form.List name="links">
          {(links, { add, remove }) => (
            <div className={styles.links}>
              {links.map((link, index) => (
                <div key={link.key} className={styles.linkRow}>
                  <Form.Item
                    name={link.name}
                    rules={[
                      {
                        validator: async (_, value: string) => {
                          const result = jobApplicationSchema.shape.links.safeParse([value ?? '']);
                          if (!result.success) throw new Error(result.error.issues[0]?.message);
                        },
                      },
                    ]}
                    validateTrigger="onBlur"
                    noStyle={false}
                    className={styles.linkItem}
                  >
                    <Input
                      placeholder="https://"
                      inputMode="url"
                      aria-label={`Link ${index + 1}`}
                      maxLength={2048}
                    />
                  </Form.Item>
                  {links.length > 1 && (
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Remove link ${index + 1}`}
                      onClick={() => remove(link.name)}
                    />
                  )}
                </div>
              ))}
              {links.length < 5 && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                  Add a link
                </Button>
              )}
            </div>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="coverLetter" label="Cover letter" rules={rule('coverLetter')}>
        <Input.TextArea
          rows={6}
          maxLength={5000}
          showCount
          placeholder="Optional: why this role, and what you would bring."
        />
      </Form.Item>
      <Form.Item
        label="CV"
        htmlFor="application-cv"
        required
        validateStatus={cvError ? 'error' : undefined}
        help={cvError ?? 'A PDF of at most 5 MB.'}
      >
        <div className={styles.cv}>
          <Button id="application-cv" icon={<UploadOutlined />} onClick={() => file.current?.click()}>
            {cv ? 'Choose another file' : 'Choose a PDF'}
          </Button>
          {cv && (
            <span className={styles.cvName} data-testid="cv-name">
              <FilePdfOutlined /> {cv.name}
            </span>
          )}
          <input
            ref={file}
            type="file"
            accept=".pdf,application/pdf"
            style={{ display: 'none' }}
            data-testid="cv-input"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={sending}>
        Send application
      </Button>
      <p className={styles.privacy}>
        We use what you send only to consider you for this role. Read how we handle data in our{' '}
        <a href="/privacy">Privacy Policy</a>.
      </p>
    </Form>
  );
}
