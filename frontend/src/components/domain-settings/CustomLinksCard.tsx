'use client';

import { DeleteOutlined, PlusOutlined } from '@/components/icons';
import { Button, Card, Form, Input, Switch, type FormInstance } from 'antd';
import { customLinkSchema, MAX_HOME_ENTRIES } from '@parley/contracts/validation';
import type { HomeSettings } from '@/lib/api/domain-settings';
import { schemaRule } from '@/lib/forms/zod-fields';
import { newEntryId } from './entry-id';
import styles from './DomainSettings.module.css';

/** The home tab's custom links: title, address and description each, in the widget's order. */
export function CustomLinksCard({ form }: { form: FormInstance<HomeSettings> }) {
  const on = Form.useWatch('customLinksEnabled', form);
  const rule = (index: number, field: 'title' | 'url' | 'description') => [
    schemaRule(customLinkSchema, field, () => form.getFieldValue(['customLinks', index])),
  ];

  return (
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
              <div key={f.key} className={styles.row} data-testid="custom-link-row">
                <Form.Item name={[f.name, 'title']} label="Title" rules={rule(f.name, 'title')}>
                  <Input maxLength={80} disabled={!on} />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'url']}
                  label="URL"
                  rules={rule(f.name, 'url')}
                  validateTrigger="onBlur"
                >
                  <Input maxLength={2048} inputMode="url" placeholder="https://" disabled={!on} />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'description']}
                  label="Description"
                  rules={rule(f.name, 'description')}
                >
                  <Input maxLength={300} disabled={!on} />
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
              onClick={() => add({ id: newEntryId(), title: '', url: '' })}
              disabled={!on || fields.length >= MAX_HOME_ENTRIES}
            >
              Add link
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}
