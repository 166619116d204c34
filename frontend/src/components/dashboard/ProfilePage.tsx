'use client';

import { App, Button, Card, Descriptions, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { changeNameSchema, changePasswordSchema } from '@parley/contracts/validation';
import { api } from '@/lib/api/client';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { userSchema } from '@/lib/api/types';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { usePlans } from '@/lib/hooks/usePlans';
import { PageTitle } from './PageTitle';
import { useSession } from './SessionProvider';
import styles from './ProfilePage.module.css';

const ROLE_LABELS = { OWNER: 'Account owner', AGENT: 'Support agent', ADMIN: 'Administrator' } as const;
const NAME_FIELDS = ['fullname'] as const;
const PASSWORD_FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

function NameForm() {
  const { user, setUser } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ fullname: string }>();
  const [saving, setSaving] = useState(false);

  async function save({ fullname }: { fullname: string }) {
    setSaving(true);
    try {
      const answer = await api('/user/me', {
        method: 'PATCH',
        body: { fullname: fullname.trim() },
        schema: z.object({ user: userSchema }),
      });
      setUser(answer.user);
      form.setFieldsValue({ fullname: answer.user.fullname });
      message.success('Your name has been updated.');
    } catch (error) {
      if (error instanceof ApiError) {
        const { onForm } = splitServerFields(error.fields, NAME_FIELDS);
        if (onForm.length) {
          form.setFields(onForm);
          return;
        }
      }
      message.error(errorSentence(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Your name" className={styles.card}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ fullname: user.fullname }}
        onFinish={save}
        noValidate
      >
        <Form.Item
          name="fullname"
          label="Full name"
          rules={[schemaRule(changeNameSchema, 'fullname', () => form.getFieldsValue(true))]}
          validateTrigger="onBlur"
        >
          <Input autoComplete="name" maxLength={100} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save name
        </Button>
      </Form>
    </Card>
  );
}

function PasswordForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const rules = (field: (typeof PASSWORD_FIELDS)[number]) => [
    schemaRule(changePasswordSchema, field, () => form.getFieldsValue(true)),
  ];

  async function save(values: PasswordValues) {
    setSaving(true);
    try {
      await api('/user/me/password', { method: 'POST', body: values });
      form.resetFields();
      message.success('Your password has been changed.');
    } catch (error) {
      if (error instanceof ApiError) {
        const { onForm } = splitServerFields(error.fields, PASSWORD_FIELDS);
        if (onForm.length) {
          form.setFields(onForm);
          return;
        }
        if (error.code === 'INVALID_CREDENTIALS') {
          form.setFields([{ name: 'currentPassword', errors: [error.message] }]);
          return;
        }
      }
      message.error(errorSentence(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Password" className={styles.card}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={save} noValidate>
        <Form.Item
          name="currentPassword"
          label="Current password"
          rules={rules('currentPassword')}
          validateTrigger="onBlur"
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label="New password"
          rules={rules('password')}
          validateTrigger="onBlur"
          extra="8 to 64 characters: letters, numbers, dots, hyphens or underscores."
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="Confirm new password"
          rules={rules('confirmPassword')}
          dependencies={['password']}
          validateTrigger="onBlur"
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}

export function ProfilePage() {
  const { user } = useSession();
  const plans = usePlans();
  const planName =
    plans.kind === 'ready' ? (plans.plans.find((p) => p.id === user.plan)?.name ?? user.plan) : user.plan;
  return (
    <>
      <PageTitle title="Profile" description="Your sign-in details and how you appear to your team." />
      <div className={styles.grid}>
        <Card title="Account" className={styles.card} data-testid="profile-account">
          <Descriptions
            colon={false}
            column={1}
            size="small"
            items={[
              {
                key: 'email',
                label: 'Email',
                children: <span data-testid="profile-email">{user.email}</span>,
              },
              {
                key: 'role',
                label: 'Role',
                children: <Tag color={user.role === 'ADMIN' ? 'gold' : 'blue'}>{ROLE_LABELS[user.role]}</Tag>,
              },
              { key: 'plan', label: 'Plan', children: <span data-testid="profile-plan">{planName}</span> },
            ]}
          />
        </Card>
        <NameForm />
        <PasswordForm />
      </div>
    </>
  );
}
