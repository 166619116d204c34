'use client';

import { Button, Form, Input } from 'antd';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { loginSchema } from '@parley/contracts/validation';
import { api } from '@/lib/api/client';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { sessionBodySchema } from '@/lib/api/types';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { ADMIN_SIGN_IN_PARAM, PATHS, RETURN_PARAM, safeReturnPath } from '@/lib/routing/paths';
import { AuthFooterNote, AuthHeading } from './AuthCard';
import { FormError } from '@/components/auth/FormError';

interface LoginValues {
  email: string;
  password: string;
}

const FIELDS = ['email', 'password'] as const;

export function SignInForm() {
  const [form] = Form.useForm<LoginValues>();
  const router = useRouter();
  const search = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const returnPath = safeReturnPath(search.get(RETURN_PARAM));
  const adminSignIn = search.has(ADMIN_SIGN_IN_PARAM);

  const values = () => form.getFieldsValue(true) as LoginValues;
  const rule = (field: (typeof FIELDS)[number]) => [schemaRule(loginSchema, field, values)];

  async function submit(input: LoginValues) {
    setSubmitting(true);
    setFailure(null);
    try {
      await api('/auth/login', {
        method: 'POST',
        body: { email: input.email.trim(), password: input.password },
        schema: sessionBodySchema,
      });
      router.replace(returnPath ?? PATHS.dashboard);
      router.refresh();
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError) {
        if (error.code === 'LOGIN_DISABLED') {
          router.replace(PATHS.loginDisabled);
          return;
        }
        const { onForm, elsewhere } = splitServerFields(error.fields, FIELDS);
        if (onForm.length) form.setFields(onForm);
        if (onForm.length && !elsewhere.length && error.status === 400) return;
      }
      setFailure(errorSentence(error));
    }
  }

  return (
    <div>
      <AuthHeading
        title={adminSignIn ? 'Administrator sign-in' : 'Welcome back'}
        subtitle={
          adminSignIn
            ? 'Only administrators can sign in while Parley is switched off for others.'
            : 'Log in to your Parley dashboard.'
        }
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
        <Form.Item name="email" label="Email" rules={rule('email')} validateTrigger={['onBlur']}>
          <Input type="email" autoComplete="email" placeholder="you@company.com" autoFocus />
        </Form.Item>
        <Form.Item name="password" label="Password" rules={rule('password')} validateTrigger={['onBlur']}>
          <Input.Password autoComplete="current-password" placeholder="Your password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Log In
        </Button>
      </Form>
      {!adminSignIn && (
        <AuthFooterNote>
          New to Parley? <Link href={PATHS.signUp}>Create an account</Link>
        </AuthFooterNote>
      )}
    </div>
  );
}
