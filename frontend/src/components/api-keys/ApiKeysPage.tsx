'use client';

import { Alert, Button, Card, Checkbox, Empty, Form, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { API_KEY_SCOPES, apiKeyCreateSchema, type ApiKeyCreateInput } from '@parley/contracts/validation';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { PlusOutlined } from '@/components/icons';
import { useToast } from '@/components/toast/useToast';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { createApiKey, fetchApiKeys, revokeApiKey, type ApiKey } from './api';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

/** The form: a name and the scopes; the new key is shown once, above the list. */
function CreateKeyForm({ onCreated }: { onCreated(key: string): void }) {
  const [form] = Form.useForm<ApiKeyCreateInput>();
  const [saving, setSaving] = useState(false);
  const toast = useToast();

  async function save(values: ApiKeyCreateInput) {
    setSaving(true);
    try {
      const created = await createApiKey({ name: values.name.trim(), scopes: values.scopes ?? [] });
      form.resetFields();
      onCreated(created.data.key);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const { onForm } = splitServerFields(error.fields, ['name', 'scopes'] as const);
        if (onForm.length) {
          form.setFields(onForm);
          return;
        }
      }
      toast.error('Could not create the key', errorSentence(error));
    } finally {
      setSaving(false);
    }
  }

  const values = () => form.getFieldsValue(true) as unknown;
  return (
    <Card title="Create an API key">
      <Form form={form} layout="vertical" onFinish={save} requiredMark={false} initialValues={{ scopes: [] }}>
        <Form.Item
          name="name"
          label="Name"
          rules={[schemaRule(apiKeyCreateSchema, 'name', values)]}
          validateTrigger="onBlur"
        >
          <Input placeholder="e.g. CRM sync" maxLength={60} data-testid="api-key-name" />
        </Form.Item>
        <Form.Item name="scopes" label="Scopes" rules={[schemaRule(apiKeyCreateSchema, 'scopes', values)]}>
          <Checkbox.Group
            data-testid="api-key-scopes"
            options={API_KEY_SCOPES.map((scope) => ({ label: scope, value: scope }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving}>
          Create key
        </Button>
      </Form>
    </Card>
  );
}

/**
 * The owner's public API keys (PRO): create with a name and scopes, see when each was last used,
 * revoke. The whole key is shown once, right after it is created.
 */
export function ApiKeysPage() {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const toast = useToast();

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setKeys((await fetchApiKeys(signal)).data);
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

  async function revoke(key: ApiKey) {
    try {
      await revokeApiKey(key.id);
      toast.success('Key revoked', `“${key.name}” no longer works.`);
      await load();
    } catch (e) {
      toast.error('Could not revoke the key', errorSentence(e));
    }
  }

  return (
    <>
      <PageTitle
        title="API keys"
        description="Keys for your own programs to call the Parley API (/api/v1). API access is part of the Pro plan."
      />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
        {newKey && (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setNewKey(null)}
            title="Copy your new key now: it will not be shown again."
            description={
              <Typography.Text code copyable data-testid="api-key-created">
                {newKey}
              </Typography.Text>
            }
          />
        )}
        <CreateKeyForm
          onCreated={(key) => {
            setNewKey(key);
            void load();
          }}
        />
        <Card title="Your keys">
          {error ? (
            <Alert type="error" showIcon title={error} />
          ) : (
            <Table<ApiKey>
              rowKey="id"
              loading={keys === null}
              dataSource={keys ?? []}
              pagination={false}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description="No API keys yet. Create one above for each program that calls the API."
                  />
                ),
              }}
              data-testid="api-keys-table"
              columns={[
                { title: 'Name', dataIndex: 'name' },
                { title: 'Key', dataIndex: 'prefix', render: (p: string) => <code>{p}…</code> },
                {
                  title: 'Scopes',
                  dataIndex: 'scopes',
                  render: (scopes: string[]) => scopes.map((s) => <Tag key={s}>{s}</Tag>),
                },
                { title: 'Created', dataIndex: 'createdAt', render: when },
                { title: 'Last used', dataIndex: 'lastUsedAt', render: when },
                {
                  title: 'Status',
                  key: 'status',
                  render: (_: unknown, key: ApiKey) =>
                    key.revokedAt ? (
                      <Tag>Revoked</Tag>
                    ) : (
                      <Popconfirm
                        title={`Revoke “${key.name}”?`}
                        description="Programs using it stop working at once."
                        okText="Revoke"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => revoke(key)}
                      >
                        <Button danger size="small">
                          Revoke
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]}
            />
          )}
        </Card>
      </div>
    </>
  );
}
