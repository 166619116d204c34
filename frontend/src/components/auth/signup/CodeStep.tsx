'use client';

import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { signupCodeSchema } from '@parley/contracts/validation';
import { api } from '@/lib/api/client';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { signupStartedSchema } from '@/lib/api/types';
import { schemaRule, visibleMessage } from '@/lib/forms/zod-fields';
import { formatClock } from '@/lib/time/epoch';
import { useCountdown } from '@/lib/time/useCountdown';
import { useSignup } from './SignupContext';
import styles from './signup.module.css';
import { FormError } from '@/components/auth/FormError';

const verifiedSchema = z.object({ verified: z.literal(true) }).loose();
const resendAnswerSchema = signupStartedSchema.partial();

/** Step 2: the six-digit code from the email, with resend and its countdown. */
export function CodeStep() {
  const signup = useSignup();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ otp: string }>();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = signup.pending;
  const resendIn = useCountdown(pending?.resendAvailableAt);
  const expiresIn = useCountdown(pending?.codeExpiresAt);

  if (!pending) return null;
  const values = () => ({
    signupId: pending.signupId,
    otp: (form.getFieldValue('otp') as string | undefined) ?? '',
  });

  async function verify() {
    setVerifying(true);
    setFailure(null);
    try {
      await api('/auth/signup/verify', { method: 'POST', body: values(), schema: verifiedSchema });
      signup.verified();
    } catch (error) {
      setVerifying(false);
      if (error instanceof ApiError) {
        const otpError = error.fields.find((f) => f.field === 'otp');
        if (otpError || error.code === 'INVALID_CODE' || error.code === 'CODE_EXPIRED') {
          form.setFields([{ name: 'otp', errors: [visibleMessage(otpError?.message ?? error.message)] }]);
          return;
        }
      }
      setFailure(errorSentence(error));
    }
  }

  async function resend() {
    setResending(true);
    setFailure(null);
    try {
      const answer = await api('/auth/signup/resend', {
        method: 'POST',
        body: { signupId: pending!.signupId },
        schema: resendAnswerSchema,
      });
      signup.codeResent(answer);
      form.resetFields();
      message.success(`We sent a new code to ${pending!.email}.`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && error.retryAfter !== undefined) {
        signup.resendBlockedFor(error.retryAfter);
      }
      setFailure(errorSentence(error));
    } finally {
      setResending(false);
    }
  }

  return (
    <>
      <p className={styles.sentTo}>
        We sent a 6-digit code to <strong data-testid="code-email">{pending.email}</strong>. Enter it below to
        confirm it is yours.
      </p>
      <FormError message={failure} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={verify} noValidate>
        <Form.Item
          name="otp"
          label="Verification code"
          rules={[schemaRule(signupCodeSchema, 'otp', values)]}
          validateTrigger={[]}
          extra={
            expiresIn > 0
              ? `The code expires in ${formatClock(expiresIn)}.`
              : pending.codeExpiresAt
                ? 'This code has expired. Ask for a new one below.'
                : undefined
          }
        >
          <Input.OTP
            length={6}
            size="large"
            autoComplete="one-time-code"
            formatter={(v) => v.replace(/\D/g, '')}
            aria-label="Verification code"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={verifying}>
          Verify email
        </Button>
      </Form>
      <div className={styles.resendRow}>
        <span>Didn’t get it? Check your spam folder, or</span>
        <Button
          type="link"
          onClick={resend}
          disabled={resendIn > 0}
          loading={resending}
          data-testid="resend-code"
          className={styles.inlineLink}
        >
          {resendIn > 0 ? `Resend code in ${formatClock(resendIn)}` : 'Resend code'}
        </Button>
      </div>
      <p className={styles.changeEmail}>
        Wrong address?{' '}
        <Button type="link" onClick={signup.backToDetails} className={styles.inlineLink}>
          Change your details
        </Button>
      </p>
    </>
  );
}
