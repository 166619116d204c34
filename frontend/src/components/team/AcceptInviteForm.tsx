'use client';

import { Alert, Button, Form, Input, Skeleton } from 'antd';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { acceptInviteSchema, TEAM_MESSAGES } from '@parley/contracts/validation';
import { AuthFooterNote, AuthHeading } from '@/components/auth/AuthCard';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { PATHS } from '@/lib/routing/paths';
import { acceptInvite, lookupInvite, type InviteDetails } from './api';
import { FormError } from '@/components/auth/FormError';

interface AcceptValues {
  fullname: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['fullname', 'password', 'confirmPassword'] as const;

type Lookup =
  { kind: 'loading' } | { kind: 'ready'; invite: InviteDetails } | { kind: 'invalid'; message: string };

/** The invitee's page, opened from the mailed link: set a name and password, then straight to the dashboard. */
export function AcceptInviteForm() {
  const token = useSearchParams().get('token')?.trim() ?? '';
  const router = useRouter();
  const [form] = Form.useForm<AcceptValues>();
  const [lookup, setLookup] = useState<Lookup>({ kind: 'loading' });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!token) {
      setLookup({ kind: 'invalid', message: TEAM_MESSAGES.inviteNotFound });
      return;
    }
    const controller = new AbortController();
    lookupInvite(token, controller.signal)
      .then((answer) => setLookup({ kind: 'ready', invite: answer.data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLookup({
          kind: 'invalid',
          message: error instanceof ApiError && error.status === 404 ? error.message : errorSentence(error),
        });
      });
    return () => controller.abort();
  }, [token]);

  const values = () => ({ token, ...(form.getFieldsValue(true) as AcceptValues) });
  const rule = (field: (typeof FIELDS)[number]) => [schemaRule(acceptInviteSchema, field, values)];

  async function submit(input: AcceptValues) {
    setSubmitting(true);
    setFailure(null);
    try {
      await acceptInvite({ token, ...input, fullname: input.fullname.trim() });
      router.replace(PATHS.dashboard);
      router.refresh();
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError) {
        if (error.code === 'INVITE_NOT_FOUND') {
          setLookup({ kind: 'invalid', message: error.message });
          return;
        }
        const { onForm, elsewhere } = splitServerFields(error.fields, FIELDS);
        if (onForm.length) form.setFields(onForm);
        if (onForm.length && !elsewhere.length && error.status === 400) return;
      }
      setFailure(errorSentence(error));
    }
  }

  if (lookup.kind === 'loading') return <Skeleton active paragraph={{ rows: 6 }} />;
  if (lookup.kind === 'invalid') {
    return (
      <div>
        <AuthHeading title="Invitation unavailable" />
        <Alert type="error" showIcon title={lookup.message} data-testid="invite-invalid" role="alert" />
        <AuthFooterNote>
          Ask the account owner to send a new invitation, or <Link href={PATHS.signIn}>log in</Link>.
        </AuthFooterNote>
      </div>
    );
  }

  const { invite } = lookup;
  return (
    <div>
      <AuthHeading
        title={`Join ${invite.accountName}'s team`}
        subtitle="You were invited as a support agent. Choose your name and a password to get started."
      />
      <FormError message={failure} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        validateTrigger="onBlur"
        size="large"
        noValidate
      >
        <Form.Item label="Email">
          <Input value={invite.email} disabled data-testid="invite-email" />
        </Form.Item>
        <Form.Item name="fullname" label="Full name" rules={rule('fullname')} validateTrigger={['onBlur']}>
          <Input autoComplete="name" placeholder="Your full name" maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label="Password"
          rules={rule('password')}
          validateTrigger={['onBlur']}
          extra="8 to 64 characters: letters, numbers, dots, hyphens or underscores."
        >
          <Input.Password autoComplete="new-password" placeholder="Choose a password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="Confirm password"
          rules={rule('confirmPassword')}
          dependencies={['password']}
          validateTrigger={['onBlur']}
        >
          <Input.Password autoComplete="new-password" placeholder="Repeat your password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Accept invitation
        </Button>
      </Form>
      <AuthFooterNote>
        Already have access? <Link href={PATHS.signIn}>Log in</Link>
      </AuthFooterNote>
    </div>
  );
}
