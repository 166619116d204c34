'use client';

import { DeleteOutlined, PlusOutlined } from '@/components/icons';
import { Button, Card, Form, Input, Select, Switch } from 'antd';
import { useState } from 'react';
import { widgetHomeSettingsSchema as homeRules } from '@parley/contracts/validation';
import { saveHomeSettings, type HomeSettings } from '@/lib/api/domain-settings';
import { ApiError } from '@/lib/api/errors';
import { schemaRule } from '@/lib/forms/zod-fields';
import { useToast } from '@/components/toast/useToast';
import { ColorField } from './ColorField';
import styles from './DomainSettings.module.css';

const LAYOUTS = [
  { value: 'classic', label: 'Classic: Start Live Chat' },
  { value: 'modern', label: 'Modern: first four tiles as cards' },
  { value: 'compact', label: 'Compact: Start New Conversation, up to 4 topics' },
  { value: 'helpdesk', label: 'Help desk: Ask a question box, up to 6 tiles' },
  { value: 'default', label: 'Default: Start Chat with Powered by' },
];
const LINK_TYPES = [
  { value: 'helpdesk_general', label: 'Help desk' },
  { value: 'helpdesk_specific', label: 'A help article' },
  { value: 'external_url', label: 'A web page' },
];

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Date.now());

/** Screen 10: the widget's home tab (spec section 9 defaults come from the API). */
export function HomeSettingsForm({
  domainId,
  home,
  onChange,
  onSaved,
}: {
  domainId: string;
  home: HomeSettings;
  onChange(values: HomeSettings): void;
  onSaved(home: HomeSettings): void;
}) {
  const [form] = Form.useForm<HomeSettings>();
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const linksOn = Form.useWatch('customLinksEnabled', form);
  const topicsOn = Form.useWatch('popularTopicsEnabled', form);
  const rule = (field: string) => [
    schemaRule(homeRules, field, () => ({ [field]: form.getFieldValue(field) })),
  ];

  async function save(values: HomeSettings) {
    setSaving(true);
    try {
      const body = {
        ...values,
        customLinks: (values.customLinks ?? []).map((l) => ({
          ...l,
          description: l.description || undefined,
        })),
        popularTopics: (values.popularTopics ?? []).map((t) => ({
          ...t,
          linkTarget: t.linkTarget || undefined,
        })),
      };
      const answer = await saveHomeSettings(domainId, body);
      onSaved(answer.data);
      toast.success('Settings saved');
    } catch (e) {
      toast.error('Failed to update settings', e instanceof ApiError ? e.message : undefined);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={home}
      onValuesChange={(_, all) => onChange(all)}
      onFinish={save}
      noValidate
      data-testid="home-settings-form"
    >
      <Card title="Title and layout" className={styles.card}>
        <Form.Item name="homeTitle" label="Home title" rules={rule('homeTitle')}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="homeLayout" label="Layout">
          <Select options={LAYOUTS} aria-label="Layout" />
        </Form.Item>
      </Card>

      <Card title="Colours" className={styles.card}>
        <div className={styles.colorGrid}>
          {(
            [
              ['themeColor', 'Theme colour'],
              ['textColor', 'Text colour'],
              ['titleColor', 'Title colour'],
            ] as const
          ).map(([field, label]) => (
            <Form.Item key={field} name={field} label={label} rules={rule(field)} validateTrigger="onBlur">
              <ColorField aria-label={label} />
            </Form.Item>
          ))}
        </div>
      </Card>

      <Card
        title="Custom links"
        className={styles.card}
        extra={
          <Form.Item name="customLinksEnabled" valuePropName="checked" noStyle>
            <Switch aria-label="Custom links enabled" />
          </Form.Item>
        }
      >
        <Form.List name="customLinks">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <div key={f.key} className={styles.row}>
                  <Form.Item
                    name={[f.name, 'title']}
                    label="Title"
                    rules={[{ required: true, whitespace: true, message: 'Please give the link a title' }]}
                  >
                    <Input maxLength={80} disabled={!linksOn} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'url']}
                    label="URL"
                    rules={[
                      schemaRule(homeRules, 'customLinks', () => ({
                        customLinks: [
                          { id: 'x', title: 'x', url: form.getFieldValue(['customLinks', f.name, 'url']) },
                        ],
                      })),
                    ]}
                  >
                    <Input maxLength={2048} placeholder="https://" disabled={!linksOn} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'description']} label="Description">
                    <Input maxLength={300} disabled={!linksOn} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label="Remove link"
                    onClick={() => remove(f.name)}
                    className={styles.rowRemove}
                  />
                </div>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ id: newId(), title: '', url: '' })}
                disabled={!linksOn || fields.length >= 20}
              >
                Add link
              </Button>
            </>
          )}
        </Form.List>
      </Card>

      <Card
        title="Popular topics"
        className={styles.card}
        extra={
          <Form.Item name="popularTopicsEnabled" valuePropName="checked" noStyle>
            <Switch aria-label="Popular topics enabled" />
          </Form.Item>
        }
      >
        <Form.List name="popularTopics">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <div key={f.key} className={styles.row}>
                  <Form.Item
                    name={[f.name, 'title']}
                    label="Topic"
                    rules={[{ required: true, whitespace: true, message: 'Please name the topic' }]}
                  >
                    <Input maxLength={80} disabled={!topicsOn} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'linkType']} label="Opens">
                    <Select options={LINK_TYPES} disabled={!topicsOn} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'linkTarget']} label="Target">
                    <Input maxLength={2048} placeholder="Article id or URL" disabled={!topicsOn} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label="Remove topic"
                    onClick={() => remove(f.name)}
                    className={styles.rowRemove}
                  />
                </div>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ id: newId(), title: '', linkType: 'helpdesk_general' })}
                disabled={!topicsOn || fields.length >= 20}
              >
                Add topic
              </Button>
            </>
          )}
        </Form.List>
      </Card>

      <div className={styles.saveBar}>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save home tab
        </Button>
      </div>
    </Form>
  );
}
