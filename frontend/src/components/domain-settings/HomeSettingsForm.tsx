'use client';

import { Button, Card, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { widgetHomeSettingsSchema as homeRules } from '@parley/contracts/validation';
import { saveHomeSettings, type HomeSettings } from '@/lib/api/domain-settings';
import { ApiError } from '@/lib/api/errors';
import { revalidateShownErrors } from '@/lib/forms/revalidate';
import { nestedServerFields, schemaRule } from '@/lib/forms/zod-fields';
import { useToast } from '@/components/toast/useToast';
import { CustomLinksCard } from './CustomLinksCard';
import { PopularTopicsCard } from './PopularTopicsCard';
import styles from './DomainSettings.module.css';

const LAYOUTS = [
  { value: 'classic', label: 'Classic: Start Live Chat' },
  { value: 'modern', label: 'Modern: first four tiles as cards' },
  { value: 'compact', label: 'Compact: Start New Conversation, up to 4 topics' },
  { value: 'helpdesk', label: 'Help desk: Ask a question box, up to 6 tiles' },
  { value: 'default', label: 'Default: Start Chat with Powered by' },
];

/**
 * What this form owns of the home settings. Its colours are the widget's, set on the Widget tab
 * (one field each); `domainIcon` has no field (the logo is the Widget tab's).
 */
const HOME_FIELDS = [
  'homeTitle',
  'homeLayout',
  'customLinksEnabled',
  'customLinks',
  'popularTopicsEnabled',
  'popularTopics',
] as const;

/**
 * The form's whole store (list entries keep their ids, which have no field of their own), cut to
 * what this form sends.
 */
function homeBody(store: HomeSettings) {
  const body: Record<string, unknown> = Object.fromEntries(HOME_FIELDS.map((f) => [f, store[f]]));
  body.customLinks = (store.customLinks ?? []).map((l) => ({ ...l, description: l.description ?? '' }));
  body.popularTopics = (store.popularTopics ?? []).map((t) => ({ ...t, linkTarget: t.linkTarget ?? '' }));
  return body;
}

/** Screen 11's settings: the widget's home tab (spec section 9 defaults come from the API). */
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
  const store = () => form.getFieldsValue(true) as HomeSettings;

  async function save() {
    setSaving(true);
    try {
      const answer = await saveHomeSettings(domainId, homeBody(store()));
      onSaved(answer.data);
      toast.success('Settings saved');
    } catch (e) {
      if (e instanceof ApiError) {
        const onForm = nestedServerFields(e.fields, HOME_FIELDS);
        if (onForm.length) form.setFields(onForm);
      }
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
      onValuesChange={() => {
        onChange(store());
        revalidateShownErrors(form);
      }}
      onFinish={save}
      noValidate
      data-testid="home-settings-form"
    >
      <Card title="Title and layout" className={styles.card}>
        <Form.Item
          name="homeTitle"
          label="Home title"
          rules={[schemaRule(homeRules, 'homeTitle', () => ({ homeTitle: form.getFieldValue('homeTitle') }))]}
          validateTrigger="onBlur"
        >
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="homeLayout" label="Layout" extra="The widget's colours are set on the Widget tab.">
          <Select options={LAYOUTS} aria-label="Layout" />
        </Form.Item>
      </Card>
      <CustomLinksCard form={form} />
      <PopularTopicsCard form={form} domainId={domainId} />
      <div className={styles.saveBar}>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save home tab
        </Button>
      </div>
    </Form>
  );
}
