'use client';

import {
  Alert,
  Button,
  Card,
  Checkbox,
  Collapse,
  Form,
  Input,
  Popconfirm,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  WEBHOOK_EVENT_TYPES,
  webhookEndpointSchema,
  type WebhookEndpointInput,
} from '@parley/contracts/validation';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { PlusOutlined } from '@/components/icons';
import { useToast } from '@/components/toast/useToast';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { createEndpoint, deleteEndpoint, enableEndpoint, fetchEndpoints, type WebhookEndpoint } from './api';
import { DeliveryLog } from './DeliveryLog';

function AddEndpointForm({ onAdded }: { onAdded(): void }) {
  const [form] = Form.useForm<WebhookEndpointInput>();
  const [saving, setSaving] = useState(false);
  const toast = useToast();

  async function save(values: WebhookEndpointInput) {
    setSaving(true);
    try {
      await createEndpoint({ url: values.url.trim(), eventTypes: values.eventTypes ?? [] });
      form.resetFields();
      toast.success('Endpoint added', 'Events are sent to it from now on.');
      onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const { onForm } = splitServerFields(error.fields, ['url', 'eventTypes'] as const);
        if (onForm.length) {
          form.setFields(onForm);
          return;
        }
      }
      toast.error('Could not add the endpoint', errorSentence(error));
    } finally {
      setSaving(false);
    }
  }

  const values = () => form.getFieldsValue(true) as unknown;
  return (
    <Card title="Add an endpoint">
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        requiredMark={false}
        initialValues={{ eventTypes: [] }}
      >
        <Form.Item
          name="url"
          label="URL"
          rules={[schemaRule(webhookEndpointSchema, 'url', values)]}
          validateTrigger="onBlur"
        >
          <Input placeholder="https://crm.example.com/parley-events" data-testid="webhook-url" />
        </Form.Item>
        <Form.Item
          name="eventTypes"
          label="Events"
          rules={[schemaRule(webhookEndpointSchema, 'eventTypes', values)]}
        >
          <Checkbox.Group options={WEBHOOK_EVENT_TYPES.map((t) => ({ label: t, value: t }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving}>
          Add endpoint
        </Button>
      </Form>
    </Card>
  );
}

function EndpointCard({ endpoint, onChanged }: { endpoint: WebhookEndpoint; onChanged(): void }) {
  const toast = useToast();
  const act = async (what: string, action: () => Promise<unknown>) => {
    try {
      await action();
      onChanged();
    } catch (e) {
      toast.error(`Could not ${what}`, errorSentence(e));
    }
  };
  return (
    <Card
      title={<Typography.Text code>{endpoint.url}</Typography.Text>}
      extra={
        <Space>
          {endpoint.enabled ? (
            <Tag color={endpoint.failingSince ? 'gold' : 'green'}>
              {endpoint.failingSince ? 'Failing' : 'Active'}
            </Tag>
          ) : (
            <>
              <Tag color="red">Disabled</Tag>
              <Button size="small" onClick={() => void act('turn it on', () => enableEndpoint(endpoint.id))}>
                Turn on
              </Button>
            </>
          )}
          <Popconfirm
            title="Delete this endpoint?"
            description="Its delivery log goes with it."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => act('delete it', () => deleteEndpoint(endpoint.id))}
          >
            <Button size="small" danger>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <div>
          {endpoint.eventTypes.map((t) => (
            <Tag key={t}>{t}</Tag>
          ))}
        </div>
        <div>
          Signing secret:{' '}
          <Typography.Text code copyable>
            {endpoint.secret}
          </Typography.Text>
        </div>
        <Collapse
          items={[{ key: 'log', label: 'Delivery log', children: <DeliveryLog endpointId={endpoint.id} /> }]}
        />
      </Space>
    </Card>
  );
}

/** The owner's outgoing webhook endpoints (PRO), each with its signing secret and delivery log. */
export function WebhooksPage() {
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setEndpoints((await fetchEndpoints(signal)).data);
      setError(null);
    } catch (e) {
      if (!signal?.aborted) setError(errorSentence(e));
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <>
      <PageTitle
        title="Webhooks"
        description="Parley sends your conversations, bookings, orders and contacts to your own systems as they happen, signed with each endpoint's secret. Webhooks are part of the Pro plan."
      />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
        <AddEndpointForm onAdded={() => void load()} />
        {error && <Alert type="error" showIcon title={error} />}
        {endpoints?.length === 0 && <Alert type="info" showIcon title="No endpoints yet." />}
        {endpoints?.map((e) => (
          <EndpointCard key={e.id} endpoint={e} onChanged={() => void load()} />
        ))}
      </div>
    </>
  );
}
