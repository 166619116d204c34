'use client';

import { DeleteOutlined, PlusOutlined } from '@/components/icons';
import { Alert, Button, Card, Form, Input, Select, Skeleton, Space, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { MAX_INTERVALS_PER_DAY, MAX_OFFLINE_MESSAGE, WEEKDAYS } from '@parley/contracts';
import { getBusinessHours, saveBusinessHours, type BusinessHoursAnswer } from '@/lib/api/domain-settings';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { nestedServerFields } from '@/lib/forms/zod-fields';
import { useToast } from '@/components/toast/useToast';
import styles from './DomainSettings.module.css';

const DAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

const FIELDS = ['enabled', 'timeZone', 'weekly', 'holidays', 'offlineMessage'] as const;

/** The browser's own list of IANA zones (every current browser has one); UTC first. */
function timeZoneOptions(current: string) {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = [...new Set(['UTC', current, ...zones])];
  return all.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}

/**
 * Issue 17: when a person can join the chat. Outside these hours the widget shows the offline
 * note and a request for a person becomes the offline form; the assistant answers as always.
 */
export function BusinessHoursForm({ domainId }: { domainId: string }) {
  const [form] = Form.useForm<BusinessHoursAnswer>();
  const [loaded, setLoaded] = useState<BusinessHoursAnswer | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dayErrors, setDayErrors] = useState<string[]>([]);
  const toast = useToast();
  const enabled = Form.useWatch('enabled', form);

  useEffect(() => {
    const c = new AbortController();
    getBusinessHours(domainId, c.signal)
      .then(({ data }) => setLoaded(data))
      .catch((e: unknown) => !c.signal.aborted && setFailed(errorSentence(e)));
    return () => c.abort();
  }, [domainId]);

  const zones = useMemo(() => timeZoneOptions(loaded?.timeZone ?? 'UTC'), [loaded?.timeZone]);

  async function save() {
    setSaving(true);
    setDayErrors([]);
    const values = form.getFieldsValue(true) as BusinessHoursAnswer;
    const weekly = Object.fromEntries(
      WEEKDAYS.map((d) => [
        d,
        (values.weekly?.[d] ?? []).map((i) => ({ from: (i?.from ?? '').trim(), to: (i?.to ?? '').trim() })),
      ]),
    );
    try {
      const answer = await saveBusinessHours(domainId, { ...values, weekly });
      setLoaded(answer.data);
      form.setFieldsValue(answer.data);
      toast.success('Business hours saved');
    } catch (e) {
      if (e instanceof ApiError) {
        const onForm = nestedServerFields(e.fields, FIELDS);
        // An interval's own field shows its message; a day's or the week's go above the days.
        const onFields = onForm.filter((f) => f.name[0] !== 'weekly' || f.name.length === 4);
        form.setFields(onFields as Parameters<typeof form.setFields>[0]);
        setDayErrors(
          e.fields
            .filter((f) => f.field === 'weekly' || /^weekly\.[a-z]+$/.test(f.field))
            .map((f) =>
              f.field === 'weekly'
                ? f.message
                : `${DAY_LABELS[f.field.split('.')[1] as 'monday']}: ${f.message}`,
            ),
        );
      }
      toast.error('Failed to save business hours', e instanceof ApiError ? e.message : undefined);
    } finally {
      setSaving(false);
    }
  }

  if (failed)
    return <Alert type="error" showIcon title="Business hours could not be loaded" description={failed} />;
  if (!loaded) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={loaded}
      onFinish={save}
      noValidate
      data-testid="business-hours-form"
    >
      <Card title="Business hours" className={styles.card}>
        <Form.Item
          name="enabled"
          label="Use business hours"
          valuePropName="checked"
          extra="Off: a person can be asked for at any time. On: outside the hours below, visitors see your note and can leave their email and a message instead; the assistant keeps answering."
        >
          <Switch aria-label="Use business hours" data-testid="business-hours-enabled" />
        </Form.Item>
        <Form.Item name="timeZone" label="Time zone">
          <Select showSearch options={zones} aria-label="Time zone" data-testid="business-hours-zone" />
        </Form.Item>
      </Card>
      <Card
        title="Opening hours"
        className={styles.card}
        extra={<span>HH:MM; an interval ending before it starts runs past midnight</span>}
      >
        {dayErrors.length > 0 && (
          <Alert type="error" showIcon title={dayErrors.join(' ')} style={{ marginBottom: 12 }} />
        )}
        {WEEKDAYS.map((day) => (
          <Form.List name={['weekly', day]} key={day}>
            {(fields, { add, remove }) => (
              <div className={styles.hoursDay} data-testid={`hours-${day}`}>
                <strong className={styles.hoursDayName}>{DAY_LABELS[day]}</strong>
                <div>
                  {fields.length === 0 && <span className={styles.hoursClosed}>Closed</span>}
                  {fields.map((field, index) => (
                    <Space key={field.key} align="baseline" wrap>
                      <Form.Item name={[field.name, 'from']} noStyle={false} style={{ marginBottom: 8 }}>
                        <Input
                          placeholder="09:00"
                          maxLength={5}
                          style={{ width: 90 }}
                          aria-label={`${DAY_LABELS[day]} interval ${index + 1} opens`}
                        />
                      </Form.Item>
                      <span>to</span>
                      <Form.Item name={[field.name, 'to']} style={{ marginBottom: 8 }}>
                        <Input
                          placeholder="17:00"
                          maxLength={5}
                          style={{ width: 90 }}
                          aria-label={`${DAY_LABELS[day]} interval ${index + 1} closes`}
                        />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={`Remove ${DAY_LABELS[day]} interval ${index + 1}`}
                        onClick={() => remove(field.name)}
                      />
                    </Space>
                  ))}
                  {fields.length < MAX_INTERVALS_PER_DAY && (
                    <Button
                      type="link"
                      icon={<PlusOutlined />}
                      onClick={() => add({ from: '09:00', to: '17:00' })}
                      aria-label={`Add hours on ${DAY_LABELS[day]}`}
                    >
                      Add hours
                    </Button>
                  )}
                </div>
              </div>
            )}
          </Form.List>
        ))}
      </Card>
      <Card title="Holidays and offline note" className={styles.card}>
        <Form.Item
          name="holidays"
          label="Holidays"
          extra="Closed all day, as dates YYYY-MM-DD in the domain's time zone. Type a date and press Enter."
        >
          <Select
            mode="tags"
            tokenSeparators={[',', ' ']}
            placeholder="2026-12-25"
            aria-label="Holidays"
            data-testid="business-hours-holidays"
          />
        </Form.Item>
        <Form.Item
          name="offlineMessage"
          label="Offline note"
          extra={
            enabled
              ? 'Shown in the widget outside business hours.'
              : 'Shown only while business hours are on.'
          }
        >
          <Input.TextArea rows={3} maxLength={MAX_OFFLINE_MESSAGE} showCount aria-label="Offline note" />
        </Form.Item>
      </Card>
      <div className={styles.saveBar}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="business-hours-save">
          Save business hours
        </Button>
      </div>
    </Form>
  );
}
