'use client';

import { Alert, Button, Card, Form, Input, Modal, Result, Select, Spin } from 'antd';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { billingDetailsSchema, type BillingDetailsInput } from '@parley/contracts/validation';
import { PLANS } from '@parley/contracts/plans';
import { createPaymentIntent, createSubscriptionAfterPayment, fetchPaymentsConfig } from '@/lib/api/payments';
import { ApiError } from '@/lib/api/errors';
import { loadStripeFrom } from '@/lib/payments/load-stripe';
import { COUNTRIES } from '@/lib/payments/countries';
import { visibleMessage } from '@/lib/forms/zod-fields';
import { useToast } from '@/components/toast/useToast';
import styles from './Subscription.module.css';
import { useSession } from '@/components/dashboard/SessionProvider';

/** Section 8, Payments: the catalogue's texts, word for word. */
export const PAYMENT_MESSAGES = {
  loadFailed: 'Failed to load payment system. Please refresh the page and try again.',
  notReady: 'Payment system is not ready. Please wait a moment and try again.',
  noCard: 'Card element not found',
  intentFailed: 'Failed to create payment intent',
  subscriptionFailed: 'Failed to create subscription',
  paymentFailed: 'Payment failed',
} as const;

type Loaded = { kind: 'loading' } | { kind: 'ready'; stripe: Stripe } | { kind: 'failed' };

/** The server's text when it sent one, else the catalogue's fallback. */
const serverText = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.message && e.status !== 500 ? e.message : fallback;

/**
 * Screen 6: 'Upgrade Your Subscription' for plan PRO. Stripe.js is loaded from where billing says
 * (Stripe's, or the local Stripe-compatible server's); when it cannot load, the form is replaced
 * by the 'Payment System Error' card.
 */
export function UpgradeDialog({
  open,
  onClose,
  onUpgraded,
}: {
  open: boolean;
  onClose(): void;
  onUpgraded(): void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoaded({ kind: 'loading' });
    fetchPaymentsConfig()
      .then(({ data }) => {
        if (!data.enabled) throw new Error('payments are not configured');
        return loadStripeFrom(data.scriptUrl, data.publishableKey);
      })
      .then(
        (stripe) => live && setLoaded({ kind: 'ready', stripe }),
        () => live && setLoaded({ kind: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [open, attempt]);

  return (
    <Modal
      open={open}
      title="Upgrade Your Subscription"
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
      data-testid="upgrade-dialog"
    >
      {loaded.kind === 'failed' ? (
        <PaymentSystemError onCancel={onClose} onRefresh={() => window.location.reload()} />
      ) : (
        <>
          <div className={styles.summary}>
            <span>
              <strong>{PLANS.PRO.name}</strong> <span className={styles.muted}>plan</span>
            </span>
            <strong>${(PLANS.PRO.priceCents / 100).toFixed(2)}/month</strong>
          </div>
          {loaded.kind === 'ready' ? (
            <Elements stripe={loaded.stripe}>
              <PaymentForm onClose={onClose} onUpgraded={onUpgraded} />
            </Elements>
          ) : (
            <PaymentForm
              onClose={onClose}
              onUpgraded={onUpgraded}
              loading
              onRetry={() => setAttempt((n) => n + 1)}
            />
          )}
        </>
      )}
    </Modal>
  );
}

/** Section 8: the card form replaced by this card, with Cancel and Refresh Page. */
export function PaymentSystemError({ onCancel, onRefresh }: { onCancel(): void; onRefresh(): void }) {
  return (
    <Card data-testid="payment-system-error">
      <Result
        status="error"
        title="Payment System Error"
        subTitle={PAYMENT_MESSAGES.loadFailed}
        extra={[
          <Button key="cancel" onClick={onCancel}>
            Cancel
          </Button>,
          <Button key="refresh" type="primary" onClick={onRefresh}>
            Refresh Page
          </Button>,
        ]}
      />
    </Card>
  );
}

type FormValues = BillingDetailsInput;

/** The first message the shared schema gives for one (nested) field. */
function issueFor(values: unknown, path: (string | number)[]): string | undefined {
  const result = billingDetailsSchema.safeParse(values);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.join('.') === path.join('.'))?.message;
}

function PaymentForm(props: { onClose(): void; onUpgraded(): void; loading?: boolean; onRetry?(): void }) {
  if (props.loading) return <FormFields {...props} stripe={null} elements={null} />;
  return <WithStripe {...props} />;
}

function WithStripe(props: { onClose(): void; onUpgraded(): void }) {
  const stripe = useStripe();
  const elements = useElements();
  return <FormFields {...props} stripe={stripe} elements={elements} />;
}

function FormFields({
  onClose,
  onUpgraded,
  loading,
  stripe,
  elements,
}: {
  onClose(): void;
  onUpgraded(): void;
  loading?: boolean;
  stripe: Stripe | null;
  elements: ReturnType<typeof useElements> | null;
}) {
  const [form] = Form.useForm<FormValues>();
  // The card's holder is usually the owner: their name and email are there to keep or change.
  const { user } = useSession();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string>();
  const toast = useToast();
  const rule = (path: (string | number)[]) => ({
    validator: async () => {
      const message = issueFor(form.getFieldsValue(true), path);
      if (message !== undefined) throw new Error(visibleMessage(message));
    },
  });

  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  async function submit(values: FormValues) {
    setError(undefined);
    if (!stripe || !elements) return fail(PAYMENT_MESSAGES.notReady);
    const card = elements.getElement(CardElement);
    if (!card) return fail(PAYMENT_MESSAGES.noCard);
    const details = billingDetailsSchema.parse(values);
    setProcessing(true);
    try {
      let intent: { clientSecret: string; customerId: string };
      try {
        intent = await createPaymentIntent(values);
      } catch (e) {
        return fail(serverText(e, PAYMENT_MESSAGES.intentFailed));
      }
      const confirmed = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: {
          card,
          billing_details: {
            name: details.name,
            email: details.email,
            address: { ...details.address, line2: details.address.line2 || undefined },
          },
        },
      });
      if (confirmed.error) return fail(confirmed.error.message || PAYMENT_MESSAGES.paymentFailed);
      const paid = confirmed.paymentIntent;
      if (paid?.status !== 'succeeded') return fail(PAYMENT_MESSAGES.paymentFailed);
      toast.success('Success', 'Payment complete');
      const paymentMethod =
        typeof paid.payment_method === 'string' ? paid.payment_method : paid.payment_method?.id;
      try {
        await createSubscriptionAfterPayment(intent.customerId, paymentMethod ?? '');
      } catch (e) {
        return fail(serverText(e, PAYMENT_MESSAGES.subscriptionFailed));
      }
      toast.success('Subscription created successfully!');
      onClose();
      onUpgraded();
    } finally {
      setProcessing(false);
    }
  }

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void submit(v)}
      initialValues={{ name: user.fullname, email: user.email, address: { country: 'US' } }}
      data-testid="payment-form"
    >
      <div className={styles.formGrid}>
        <Form.Item className={styles.full} label="Full name" name="name" rules={[rule(['name'])]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item className={styles.full} label="Email" name="email" rules={[rule(['email'])]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          className={styles.full}
          label="Address line 1"
          name={['address', 'line1']}
          rules={[rule(['address', 'line1'])]}
        >
          <Input autoComplete="address-line1" />
        </Form.Item>
        <Form.Item className={styles.full} label="Address line 2 (optional)" name={['address', 'line2']}>
          <Input autoComplete="address-line2" />
        </Form.Item>
        <Form.Item label="City" name={['address', 'city']} rules={[rule(['address', 'city'])]}>
          <Input autoComplete="address-level2" />
        </Form.Item>
        <Form.Item
          label="Postal code"
          name={['address', 'postal_code']}
          rules={[rule(['address', 'postal_code'])]}
        >
          <Input autoComplete="postal-code" />
        </Form.Item>
        <Form.Item label="State/province" name={['address', 'state']} rules={[rule(['address', 'state'])]}>
          <Input autoComplete="address-level1" />
        </Form.Item>
        <Form.Item label="Country" name={['address', 'country']} rules={[rule(['address', 'country'])]}>
          <Select showSearch optionFilterProp="label" options={COUNTRIES} aria-label="Country" />
        </Form.Item>
        <Form.Item className={styles.full} label="Card">
          <div className={styles.cardBox} data-testid="card-element">
            {loading ? (
              <Spin size="small" />
            ) : (
              <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '15px' } } }} />
            )}
          </div>
        </Form.Item>
      </div>
      {error && (
        <Alert type="error" showIcon title={error} data-testid="payment-error" style={{ marginBottom: 12 }} />
      )}
      <div className={styles.actions} style={{ justifyContent: 'flex-end' }}>
        <Button onClick={onClose} disabled={processing}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={processing} disabled={loading || processing}>
          Subscribe for ${(PLANS.PRO.priceCents / 100).toFixed(2)}/month
        </Button>
      </div>
    </Form>
  );
}
