'use client';

import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Select, Skeleton, Steps, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { getDomain, saveDomainConfig, type DomainDetail } from '@/lib/api/domains';
import { errorSentence } from '@/lib/api/errors';
import { currencySymbol } from '@/lib/format/money';
import {
  HANDOFF_LABELS,
  INDUSTRY_LABELS,
  PERSONALITY_LABELS,
  RESPONSE_STYLE_LABELS,
  SHIPPING_REGION_LABELS,
  SHIPPING_TIME_LABELS,
  TONE_LABELS,
  options,
} from '@/lib/domains/labels';
import {
  chosenRegions,
  initialWizardValues,
  LAST_STEP,
  toConfigPayload,
  WIZARD_STEPS,
  type WizardValues,
} from '@/lib/domains/wizard';
import { useToast } from '@/components/toast/useToast';
import styles from './DomainSetupWizard.module.css';

type Load =
  { kind: 'loading' } | { kind: 'ready'; domain: DomainDetail } | { kind: 'failed'; message: string };

/** Screen 15: 'Configure {domain}', four steps, Back disabled on the first, Finish saves. */
export function DomainSetupWizard({
  domainId,
  onClose,
}: {
  domainId: string;
  onClose(saved: boolean): void;
}) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    getDomain(domainId, controller.signal)
      .then((body) => setLoad({ kind: 'ready', domain: body.data }))
      .catch(
        (e: unknown) => !controller.signal.aborted && setLoad({ kind: 'failed', message: errorSentence(e) }),
      );
    return () => controller.abort();
  }, [domainId, attempt]);

  return (
    <Modal
      open
      onCancel={() => onClose(false)}
      footer={null}
      width={680}
      destroyOnHidden
      title={load.kind === 'ready' ? `Configure ${load.domain.domain}` : 'Configure domain'}
      data-testid="domain-wizard"
    >
      {load.kind === 'loading' && <Skeleton active paragraph={{ rows: 6 }} />}
      {load.kind === 'failed' && (
        <Alert
          type="error"
          showIcon
          title="This domain could not be loaded"
          description={load.message}
          action={<Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>}
        />
      )}
      {load.kind === 'ready' && <WizardSteps domain={load.domain} onDone={() => onClose(true)} />}
    </Modal>
  );
}

function WizardSteps({ domain, onDone }: { domain: DomainDetail; onDone(): void }) {
  const [form] = Form.useForm<WizardValues>();
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const shippingEnabled = Form.useWatch('shippingEnabled', form);
  const regionChoice = Form.useWatch('regionChoice', form);
  const customRegions = Form.useWatch('customRegions', form);
  const timeChoice = Form.useWatch('shippingTimeChoice', form);
  // Shipping costs are in the domain's currency, as the widget and the assistant show them.
  const symbol = currencySymbol(domain.settings?.currency ?? undefined);
  const regions = chosenRegions({
    regionChoice: regionChoice ?? 'domestic',
    customRegions: customRegions ?? [],
  });

  async function next() {
    try {
      await form.validateFields([...WIZARD_STEPS[step]!.fields]);
    } catch {
      return;
    }
    if (step < LAST_STEP) return setStep(step + 1);
    setSaving(true);
    try {
      await saveDomainConfig(domain.id, toConfigPayload(form.getFieldsValue(true) as WizardValues));
      toast.success('Domain configuration saved successfully');
      onDone();
    } catch {
      toast.error('Error', 'Failed to save domain configuration');
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={styles.wizard} data-step={step}>
      <Steps
        current={step}
        size="small"
        className={styles.steps}
        items={WIZARD_STEPS.map((s) => ({ title: s.title }))}
        responsive={false}
        titlePlacement="vertical"
      />
      <p className={styles.stepTitle} aria-live="polite">
        Step {step + 1} of {WIZARD_STEPS.length}: <strong>{WIZARD_STEPS[step]!.title}</strong>
      </p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialWizardValues(domain.config)}
        className={styles.form}
      >
        {step === 0 && (
          <>
            <Form.Item name="personality" label="How should your assistant come across?">
              <Radio.Group
                options={options(PERSONALITY_LABELS)}
                optionType="button"
                className={styles.choices}
              />
            </Form.Item>
            <Form.Item name="tone" label="Tone of voice">
              <Radio.Group options={options(TONE_LABELS)} optionType="button" className={styles.choices} />
            </Form.Item>
          </>
        )}
        {step === 1 && (
          <>
            <Form.Item
              name="businessDescription"
              label="What does your business do?"
              extra="The assistant uses this to answer questions about you."
            >
              <Input.TextArea rows={5} maxLength={4000} showCount placeholder="We sell handmade ceramics…" />
            </Form.Item>
            <Form.Item name="industry" label="Industry">
              <Select options={options(INDUSTRY_LABELS)} aria-label="Industry" />
            </Form.Item>
          </>
        )}
        {step === 2 && (
          <>
            <Form.Item name="responseStyle" label="Response style">
              <Radio.Group
                options={options(RESPONSE_STYLE_LABELS)}
                optionType="button"
                className={styles.choices}
              />
            </Form.Item>
            <Form.Item name="handoff" label="When should a person take over?">
              <Radio.Group options={options(HANDOFF_LABELS)} className={styles.stack} />
            </Form.Item>
          </>
        )}
        {step === 3 && (
          <>
            <Form.Item name="shippingEnabled" label="Do you ship products?" valuePropName="checked">
              <Switch aria-label="Shipping enabled" />
            </Form.Item>
            {shippingEnabled && (
              <>
                <Form.Item name="shippingTimeChoice" label="Shipping time">
                  <Select options={options(SHIPPING_TIME_LABELS)} aria-label="Shipping time" />
                </Form.Item>
                {timeChoice === 'custom' && (
                  <Form.Item
                    name="shippingTimeCustom"
                    label="Custom shipping time"
                    rules={[
                      { required: true, whitespace: true, message: 'Please describe your shipping time' },
                    ]}
                  >
                    <Input maxLength={80} placeholder="e.g. Next business day" />
                  </Form.Item>
                )}
                <Form.Item name="regionChoice" label="Where do you ship?">
                  <Select options={options(SHIPPING_REGION_LABELS)} aria-label="Shipping regions" />
                </Form.Item>
                {regionChoice === 'custom' && (
                  <Form.Item
                    name="customRegions"
                    label="Regions"
                    rules={[
                      { required: true, type: 'array', min: 1, message: 'Please add at least one region' },
                    ]}
                  >
                    <Select
                      mode="tags"
                      tokenSeparators={[',']}
                      placeholder="Type a region and press Enter"
                      open={false}
                    />
                  </Form.Item>
                )}
                {regions.length > 0 && (
                  <div className={styles.costs}>
                    {regions.map((region) => (
                      <Form.Item
                        key={region}
                        name={['shippingCosts', region]}
                        label={`Cost: ${SHIPPING_REGION_LABELS[region as keyof typeof SHIPPING_REGION_LABELS] ?? region}`}
                      >
                        <InputNumber
                          min={0}
                          step={0.5}
                          precision={2}
                          prefix={symbol}
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                    ))}
                  </div>
                )}
                <Form.Item
                  name="freeShippingThreshold"
                  label="Free shipping from (order total)"
                  extra="Leave empty or write anything that is not a number for no threshold (0)."
                >
                  <Input inputMode="decimal" prefix={symbol} placeholder="0" />
                </Form.Item>
              </>
            )}
          </>
        )}
      </Form>
      <div className={styles.footer}>
        <Button onClick={() => setStep(step - 1)} disabled={step === 0 || saving}>
          Back
        </Button>
        <Button type="primary" onClick={() => void next()} loading={saving}>
          {step === LAST_STEP ? 'Finish' : 'Next'}
        </Button>
      </div>
    </div>
  );
}
