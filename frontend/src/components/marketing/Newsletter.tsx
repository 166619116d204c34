'use client';

import { CheckCircleFilled } from '@/components/public-icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { api } from '@/lib/api/client';
import { errorSentence } from '@/lib/api/errors';
import styles from './Newsletter.module.css';

/** The schemas, fetched on the form's first use (see newsletter-validation.ts). */
const validation = () => import('./newsletter-validation');

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'subscribed'; message: string }
  | { kind: 'failed'; message: string };

/** #newsletter: POST /api/newsletter { email }, showing exactly what the server answered. */
export function Newsletter() {
  const [form] = Form.useForm<{ email: string }>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function subscribe({ email }: { email: string }) {
    setStatus({ kind: 'sending' });
    try {
      const { newsletterAnswerSchema } = await validation();
      const answer = await api('/newsletter', {
        method: 'POST',
        body: { email: email.trim() },
        schema: newsletterAnswerSchema,
      });
      const message =
        answer?.message ?? answer?.data?.message ?? `Thanks! Product updates will go to ${email.trim()}.`;
      setStatus({ kind: 'subscribed', message });
      form.resetFields();
    } catch (error) {
      setStatus({ kind: 'failed', message: errorSentence(error) });
    }
  }

  return (
    <section id="newsletter" className={styles.section} aria-labelledby="newsletter-title">
      <div className="container">
        <div className={styles.panel}>
          <div className={styles.copy}>
            <h2 id="newsletter-title">Get product updates</h2>
            <p>
              One short email when we ship something worth knowing about, plus practical ideas for running
              support. No spam, unsubscribe in one click.
            </p>
          </div>
          <div className={styles.formWrap}>
            <Form
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={subscribe}
              validateTrigger="onBlur"
              noValidate
              className={styles.form}
              aria-label="Newsletter sign-up"
            >
              <Form.Item
                name="email"
                label={<span className="visually-hidden">Email address</span>}
                rules={[
                  {
                    validator: async () => {
                      const issue = (await validation()).newsletterEmailIssue(form.getFieldsValue(true));
                      if (issue !== undefined) throw new Error(issue);
                    },
                  },
                ]}
                className={styles.field}
              >
                <Input size="large" type="email" placeholder="you@company.com" autoComplete="email" />
              </Form.Item>
              <Button
                type="primary"
                size="large"
                htmlType="submit"
                loading={status.kind === 'sending'}
                className={styles.submit}
              >
                Subscribe
              </Button>
            </Form>
            <div aria-live="polite" className={styles.status}>
              {status.kind === 'subscribed' && (
                <p className={styles.success} data-testid="newsletter-success">
                  <CheckCircleFilled /> {status.message}
                </p>
              )}
              {status.kind === 'failed' && (
                <Alert
                  type="error"
                  showIcon
                  title="We could not subscribe you"
                  description={status.message}
                  data-testid="newsletter-error"
                />
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
