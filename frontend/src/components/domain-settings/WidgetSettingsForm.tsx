'use client';

import { Alert, Button, Card, Form, Input, Select, Switch } from 'antd';
import { useState } from 'react';
import { CURRENCIES, ICON_STYLES, domainSettingsSchema as settingsRules } from '@parley/contracts/validation';
import { saveDomainSettings } from '@/lib/api/domain-settings';
import type { DomainSettings } from '@/lib/api/domains';
import { ApiError } from '@/lib/api/errors';
import { revalidateShownErrors } from '@/lib/forms/revalidate';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { useToast } from '@/components/toast/useToast';
import { glyphFor } from '@/components/widget-preview/icon-styles';
import { ColorField } from './ColorField';
import { contrastWarnings, warningLine } from './contrast-warnings';
import { ImageUploader } from './ImageUploader';
import styles from './DomainSettings.module.css';

export const COLOR_FIELDS = [
  ['background', 'Background'],
  ['textColor', 'Text colour'],
  ['iconColor', 'Icon colour'],
  ['themeColor', 'Theme colour'],
  ['helpDeskColor', 'Help desk colour'],
  ['titleColor', 'Title colour'],
] as const;

/** Uploaded image ids; sent as null when removed so the API clears them. */
const IMAGE_FIELDS = ['domainLogo', 'image'] as const;

const FIELDS = [
  ...IMAGE_FIELDS,
  'widgetName',
  'hidePoweredBy',
  'welcomeMessage',
  ...COLOR_FIELDS.map(([f]) => f),
  'iconStyle',
  'paymentEnabled',
  'currency',
  'customLinkTitle',
  'customLinkDescription',
  'customLinkUrl',
  'feedbackEnabled',
  'feedbackQuestion',
  'feedbackYesText',
  'feedbackNoText',
  'feedbackFollowUp',
] as const;

/** Screen 9: logo and icon, welcome message, colours, icon style, payment, custom link and feedback. */
export function WidgetSettingsForm({
  domainId,
  settings,
  onChange,
  onSaved,
}: {
  domainId: string;
  settings: DomainSettings;
  onChange(values: DomainSettings): void;
  onSaved(settings: DomainSettings): void;
}) {
  const [form] = Form.useForm<DomainSettings>();
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const feedbackEnabled = Form.useWatch('feedbackEnabled', form);
  const colours = {
    background: Form.useWatch('background', form),
    textColor: Form.useWatch('textColor', form),
    themeColor: Form.useWatch('themeColor', form),
    helpDeskColor: Form.useWatch('helpDeskColor', form),
    titleColor: Form.useWatch('titleColor', form),
  };
  const lowContrast = contrastWarnings(colours);
  const rule = (field: (typeof FIELDS)[number]) => [
    schemaRule(settingsRules, field, () => ({ [field]: form.getFieldValue(field) })),
  ];

  async function save(values: DomainSettings) {
    setSaving(true);
    try {
      // A cleared optional field must be sent (blank or null) to clear it; an absent one stays.
      const cleared = (f: (typeof FIELDS)[number]) =>
        f.startsWith('customLink') || f === 'widgetName'
          ? ''
          : (IMAGE_FIELDS as readonly string[]).includes(f)
            ? null
            : undefined;
      const body = Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? cleared(f)]));
      const answer = await saveDomainSettings(domainId, body);
      onSaved(answer.data);
      toast.success('Settings saved');
    } catch (e) {
      if (e instanceof ApiError) {
        const { onForm } = splitServerFields(e.fields, FIELDS);
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
      initialValues={{ ...settings, currency: settings.currency ?? 'USD' }}
      onValuesChange={(_, all) => {
        onChange(all);
        revalidateShownErrors(form);
      }}
      onFinish={save}
      noValidate
      data-testid="widget-settings-form"
    >
      <Card title="Logo and icon" className={styles.card}>
        <Form.Item name="domainLogo" label="Logo" extra="Shown in the header of the widget.">
          <ImageUploader domainId={domainId} label="Logo" />
        </Form.Item>
        <Form.Item name="image" label="Icon" extra="The chat bubble on your site and the assistant's avatar.">
          <ImageUploader domainId={domainId} label="Icon" />
        </Form.Item>
      </Card>

      <Card title="Branding (Pro plan)" className={styles.card}>
        <Form.Item
          name="widgetName"
          label="Widget name"
          rules={rule('widgetName')}
          extra="Shown in the widget's header instead of your domain. On the Standard plan the widget shows your domain."
        >
          <Input maxLength={60} placeholder="e.g. Clay & Co. help" data-testid="widget-name-input" />
        </Form.Item>
        <Form.Item
          name="hidePoweredBy"
          label="Hide 'Powered by Parley'"
          valuePropName="checked"
          extra="On the Standard plan the widget keeps the link."
        >
          <Switch data-testid="hide-powered-by" />
        </Form.Item>
      </Card>

      <Card title="Welcome message" className={styles.card}>
        <Form.Item
          name="welcomeMessage"
          label="Welcome message"
          rules={rule('welcomeMessage')}
          validateTrigger="onBlur"
        >
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
      </Card>

      <Card title="Colours" className={styles.card}>
        <p className={styles.cardHint}>
          The theme colour fills the chat bubble, the header and the buttons; the title colour is the text on
          them.
        </p>
        <div className={styles.colorGrid}>
          {COLOR_FIELDS.map(([field, label]) => (
            <Form.Item key={field} name={field} label={label} rules={rule(field)} validateTrigger="onBlur">
              <ColorField aria-label={label} />
            </Form.Item>
          ))}
        </div>
        {lowContrast.length > 0 && (
          <Alert
            type="warning"
            showIcon
            role="status"
            data-testid="contrast-warning"
            title="Some colours are hard to read"
            description={
              <ul className={styles.warningList}>
                {lowContrast.map((w) => (
                  <li key={w.what}>{warningLine(w)}</li>
                ))}
              </ul>
            }
          />
        )}
      </Card>

      <Card title="Icon style" className={styles.card}>
        <Form.Item name="iconStyle" noStyle>
          <IconStylePicker />
        </Form.Item>
      </Card>

      <Card title="Payments and custom link" className={styles.card}>
        <Form.Item name="paymentEnabled" label="Take payments in the widget" valuePropName="checked">
          <Switch aria-label="Payments enabled" />
        </Form.Item>
        <Form.Item
          name="currency"
          label="Currency"
          extra="Product prices, appointment prices and shipping costs are in this currency, in the widget and in the assistant's answers."
          rules={rule('currency')}
        >
          <Select
            aria-label="Currency"
            showSearch
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            data-testid="currency-select"
          />
        </Form.Item>
        <Form.Item name="customLinkTitle" label="Custom link title" rules={rule('customLinkTitle')}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item
          name="customLinkDescription"
          label="Custom link description"
          rules={rule('customLinkDescription')}
        >
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item
          name="customLinkUrl"
          label="Custom link URL"
          rules={rule('customLinkUrl')}
          validateTrigger="onBlur"
          extra="The link shows in the widget only with both a title and a URL."
        >
          <Input inputMode="url" placeholder="https://" maxLength={2048} />
        </Form.Item>
      </Card>

      <Card title="Feedback" className={styles.card}>
        <Form.Item
          name="feedbackEnabled"
          label="Ask for feedback after a conversation"
          valuePropName="checked"
        >
          <Switch aria-label="Feedback enabled" />
        </Form.Item>
        {feedbackEnabled !== false && (
          <>
            <Form.Item
              name="feedbackQuestion"
              label="Feedback question"
              rules={rule('feedbackQuestion')}
              validateTrigger="onBlur"
            >
              <Input maxLength={200} />
            </Form.Item>
            <div className={styles.twoCols}>
              <Form.Item
                name="feedbackYesText"
                label="Yes button text"
                rules={rule('feedbackYesText')}
                validateTrigger="onBlur"
              >
                <Input maxLength={40} />
              </Form.Item>
              <Form.Item
                name="feedbackNoText"
                label="No button text"
                rules={rule('feedbackNoText')}
                validateTrigger="onBlur"
              >
                <Input maxLength={40} />
              </Form.Item>
            </div>
            <Form.Item
              name="feedbackFollowUp"
              label="Follow-up text"
              rules={rule('feedbackFollowUp')}
              validateTrigger="onBlur"
            >
              <Input maxLength={300} />
            </Form.Item>
          </>
        )}
      </Card>

      <div className={styles.saveBar}>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save widget settings
        </Button>
      </div>
    </Form>
  );
}

function IconStylePicker({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <div className={styles.iconStyles} role="radiogroup" aria-label="Icon style">
      {ICON_STYLES.map((style) => (
        <button
          key={style}
          type="button"
          role="radio"
          aria-checked={value === style}
          className={`${styles.iconStyle} ${value === style ? styles.iconStyleOn : ''}`}
          onClick={() => onChange?.(style)}
        >
          <span className={styles.iconGlyph}>{glyphFor(style)}</span>
          {style}
        </button>
      ))}
    </div>
  );
}
