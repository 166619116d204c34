'use client';

import { UserAddOutlined } from '@/components/icons';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { teamInviteSchema } from '@parley/contracts/validation';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { useToast } from '@/components/toast/useToast';
import { inviteMember } from './api';
import styles from './Team.module.css';

/** The owner's invite form: one address; the invitation mail goes out from the server. */
export function InviteForm({ onInvited }: { onInvited(): void }) {
  const [form] = Form.useForm<{ email: string }>();
  const [sending, setSending] = useState(false);
  const toast = useToast();

  async function send({ email }: { email: string }) {
    setSending(true);
    try {
      const invited = await inviteMember(email.trim());
      form.resetFields();
      toast.success('Invitation sent', `We emailed an invitation to ${invited.data.email}.`);
      onInvited();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const { onForm } = splitServerFields(error.fields, ['email'] as const);
        if (onForm.length) {
          form.setFields(onForm);
          return;
        }
      }
      toast.error('Failed to send invitation', errorSentence(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Card title="Invite a team member">
      <Form form={form} onFinish={send} requiredMark={false} noValidate className={styles.inviteForm}>
        <Form.Item
          name="email"
          rules={[schemaRule(teamInviteSchema, 'email', () => form.getFieldsValue(true))]}
          validateTrigger="onBlur"
        >
          <Input
            type="email"
            autoComplete="off"
            placeholder="teammate@company.com"
            aria-label="Email address to invite"
            data-testid="invite-email"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<UserAddOutlined />} loading={sending}>
          Send invitation
        </Button>
      </Form>
    </Card>
  );
}
