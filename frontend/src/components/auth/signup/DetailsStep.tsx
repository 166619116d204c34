'use client';

import { Button, Form, Input } from 'antd';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { signupDetailsSchema } from '@parley/contracts/validation';
import { api } from '@/lib/api/client';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { signupStartedSchema } from '@/lib/api/types';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { PATHS } from '@/lib/routing/paths';
import { PlanPicker } from './PlanPicker';
import { useSignup, type SignupDetailsDraft } from './SignupContext';
import { FormError } from '@/components/auth/FormError';

/** Screen 7, in this order: Full name, Email, Confirm Email, Password, Confirm Password. */
const FIELDS = ['fullname', 'email', 'confirmEmail', 'password', 'confirmPassword'] as const;

export function DetailsStep() {
  const signup = useSignup();
  const router = useRouter();
  const [form] = Form.useForm<SignupDetailsDraft>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; emailTaken?: boolean } | null>(null);

  const values = () => ({ ...(form.getFieldsValue(true) as SignupDetailsDraft), selectedPlan: signup.plan });
  const rules = (field: (typeof FIELDS)[number]) => [schemaRule(signupDetailsSchema, field, values)];

  async function submit(input: SignupDetailsDraft) {
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await api('/auth/signup', {
        method: 'POST',
        body: {
          ...input,
          fullname: input.fullname.trim(),
          email: input.email.trim(),
          confirmEmail: input.confirmEmail.trim(),
          selectedPlan: signup.plan,
        },
        schema: signupStartedSchema,
      });
      signup.started(input, answer);
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError) {
        if (error.code === 'REGISTRATION_DISABLED') {
          router.replace(PATHS.registrationDisabled);
          return;
        }
        if (error.code === 'EMAIL_TAKEN' || error.status === 409) {
          form.setFields([{ name: 'email', errors: [error.message] }]);
          setFailure({ message: error.message, emailTaken: true });
          return;
        }
        const { onForm, elsewhere } = splitServerFields(error.fields, FIELDS);
        if (onForm.length) form.setFields(onForm);
        if (onForm.length && !elsewhere.length && error.status === 400) return;
      }
      setFailure({ message: errorSentence(error) });
    }
  }

  return (
    <>
      <PlanPicker plan={signup.plan} onChange={signup.choosePlan} />
      <FormError
        message={failure?.message}
        description={
          failure?.emailTaken ? (
            <>
              Is it yours? <Link href={PATHS.signIn}>Log in instead</Link>.
            </>
          ) : undefined
        }
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        size="large"
        initialValues={signup.details ?? undefined}
        noValidate
      >
        <Form.Item name="fullname" label="Full name" rules={rules('fullname')} validateTrigger="onBlur">
          <Input autoComplete="name" placeholder="Jane Cooper" autoFocus />
        </Form.Item>
        <Form.Item name="email" label="Email" rules={rules('email')} validateTrigger="onBlur">
          <Input type="email" autoComplete="email" placeholder="jane@company.com" />
        </Form.Item>
        <Form.Item
          name="confirmEmail"
          label="Confirm Email"
          rules={rules('confirmEmail')}
          dependencies={['email']}
          validateTrigger="onBlur"
        >
          <Input type="email" autoComplete="email" placeholder="Type your email again" />
        </Form.Item>
        <Form.Item
          name="password"
          label="Password"
          rules={rules('password')}
          validateTrigger="onBlur"
          extra="8 to 64 characters: letters, numbers, dots, hyphens or underscores."
        >
          <Input.Password autoComplete="new-password" placeholder="Create a password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="Confirm Password"
          rules={rules('confirmPassword')}
          dependencies={['password']}
          validateTrigger="onBlur"
        >
          <Input.Password autoComplete="new-password" placeholder="Type your password again" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Continue
        </Button>
      </Form>
    </>
  );
}
