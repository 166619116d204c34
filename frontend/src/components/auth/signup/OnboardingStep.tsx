'use client';

import { Button, Form, Input } from 'antd';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { onboardingSchema } from '@parley/contracts/validation';
import { api } from '@/lib/api/client';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { sessionBodySchema } from '@/lib/api/types';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { PATHS } from '@/lib/routing/paths';
import { PlanPicker } from './PlanPicker';
import { useSignup } from './SignupContext';
import { FormError } from '@/components/auth/FormError';

interface OnboardingValues {
  products: string;
  categories: string;
  targetAudience: string;
}

const FIELDS = ['products', 'categories', 'targetAudience'] as const;

/** Step 3: what the business sells and to whom; finishing creates the account and signs in. */
export function OnboardingStep() {
  const signup = useSignup();
  const router = useRouter();
  const [form] = Form.useForm<OnboardingValues>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = signup.pending;
  if (!pending) return null;

  const values = () => ({ ...(form.getFieldsValue(true) as OnboardingValues), signupId: pending.signupId });
  const rules = (field: (typeof FIELDS)[number]) => [schemaRule(onboardingSchema, field, values)];

  async function submit(input: OnboardingValues) {
    setSubmitting(true);
    setFailure(null);
    try {
      await api('/auth/signup/complete', {
        method: 'POST',
        body: {
          signupId: pending!.signupId,
          products: input.products.trim(),
          categories: input.categories.trim(),
          targetAudience: input.targetAudience.trim(),
        },
        schema: sessionBodySchema,
      });
      signup.finished();
      router.replace(PATHS.dashboard);
      router.refresh();
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError) {
        const { onForm, elsewhere } = splitServerFields(error.fields, FIELDS);
        if (onForm.length) form.setFields(onForm);
        if (onForm.length && !elsewhere.length && error.status === 400) return;
      }
      setFailure(errorSentence(error));
    }
  }

  return (
    <>
      <PlanPicker plan={signup.plan} readOnly />
      <FormError message={failure} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} size="large" noValidate>
        <Form.Item
          name="products"
          label="What products or services do you offer?"
          rules={rules('products')}
          validateTrigger="onBlur"
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="e.g. Waterproof outdoor clothing and repairs"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="categories"
          label="Which product categories do you have?"
          rules={rules('categories')}
          validateTrigger="onBlur"
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="e.g. Jackets, trousers, accessories"
          />
        </Form.Item>
        <Form.Item
          name="targetAudience"
          label="Who are your customers?"
          rules={rules('targetAudience')}
          validateTrigger="onBlur"
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="e.g. Hikers and small outdoor clubs in Europe"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Finish and open my dashboard
        </Button>
      </Form>
    </>
  );
}
