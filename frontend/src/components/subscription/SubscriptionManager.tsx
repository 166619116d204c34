'use client';

import { CrownOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Progress, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { cancelSubscription, changeSubscription, openCustomerPortal } from '@/lib/api/payments';
import { ApiError } from '@/lib/api/errors';
import { formatCount, formatDomains } from '@/lib/format/plan';
import {
  billingInfo,
  isPortalNotConfigured,
  statusBadge,
  visibleActions,
} from '@/lib/payments/subscription-display';
import { effectiveLimit } from '@/lib/usage/alert';
import { useToast } from '@/components/toast/useToast';
import { UpgradeDialog } from './UpgradeDialog';
import { useSubscription } from './useSubscription';
import styles from './Subscription.module.css';

/** Section 8, Portal and subscription. */
const MESSAGES = {
  noDetails: 'Failed to load subscription details. Please try again.',
  upgradeFailed: 'Failed to upgrade subscription',
  portalFailed: 'Failed to open customer portal',
  cancelled: 'Subscription cancelled successfully!',
  upgraded: 'Subscription upgraded successfully!',
} as const;

const serverText = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.message && e.status !== 500 ? e.message : fallback;

/**
 * Screen 4, the subscription manager: the plan card with its status badge (section 4), features,
 * credits, domains (∞ for unlimited), the period's request usage, billing info, and the buttons
 * of section 6. Refetched every 30 s. After a hosted payment the browser comes back here.
 */
export function SubscriptionManager() {
  const { load, refetch } = useSubscription();
  const [upgrading, setUpgrading] = useState(false);
  const [busy, setBusy] = useState<'portal' | 'cancel' | 'checkout' | null>(null);
  const [portalAlert, setPortalAlert] = useState(false);
  const toast = useToast();
  const { modal } = App.useApp();

  // Back from Stripe Checkout (?payment=success): the webhook may land a moment later; ask again.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('payment') !== 'success') return;
    const timer = setTimeout(() => void refetch(), 2000);
    return () => clearTimeout(timer);
  }, [refetch]);

  if (load.kind === 'loading')
    return (
      <Card title="Subscription">
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  if (load.kind === 'failed')
    return (
      <Card title="Subscription" data-testid="subscription-manager">
        <Alert
          type="error"
          showIcon
          title={MESSAGES.noDetails}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      </Card>
    );

  const d = load.details;
  const badge = statusBadge(d);
  const info = billingInfo(d);
  const actions = visibleActions(d);
  const limit = effectiveLimit(d.requestLimit);
  const percent = Math.min(100, Math.round((d.requestsUsed / limit) * 100));

  const manageBilling = async () => {
    setBusy('portal');
    try {
      const { data } = await openCustomerPortal();
      window.location.assign(data.portalUrl);
    } catch (e) {
      const message = serverText(e, MESSAGES.portalFailed);
      if (isPortalNotConfigured(message)) setPortalAlert(true);
      else toast.error(message);
    } finally {
      setBusy(null);
    }
  };

  const checkout = async () => {
    setBusy('checkout');
    try {
      const { data } = await changeSubscription('PUT', true);
      if (data.checkoutUrl) window.location.assign(data.checkoutUrl);
      else {
        toast.success(MESSAGES.upgraded);
        await refetch();
      }
    } catch (e) {
      toast.error(serverText(e, MESSAGES.upgradeFailed));
    } finally {
      setBusy(null);
    }
  };

  const cancel = () =>
    modal.confirm({
      title: 'Cancel your subscription?',
      content: `You keep ${d.planDetails.name} until the end of the period you paid for; then the account moves to Standard. Nothing is deleted: domains over Standard's limit become read-only.`,
      okText: 'Cancel Subscription',
      okButtonProps: { danger: true },
      cancelText: 'Keep my plan',
      onOk: async () => {
        setBusy('cancel');
        try {
          const { data } = await cancelSubscription();
          toast.success(data.message || MESSAGES.cancelled);
          await refetch();
        } catch (e) {
          toast.error(serverText(e, 'Failed to cancel subscription'));
        } finally {
          setBusy(null);
        }
      },
    });

  return (
    <Card
      data-testid="subscription-manager"
      title={
        <span className={styles.planName}>
          <CrownOutlined /> Subscription
        </span>
      }
    >
      {portalAlert && (
        <Alert
          type="warning"
          showIcon
          data-testid="portal-not-configured"
          title="Customer portal is not configured"
          description={
            <>
              The billing portal must be set up in the payment provider dashboard before customers can manage
              their billing.{' '}
              <a
                href="https://dashboard.stripe.com/settings/billing/portal"
                target="_blank"
                rel="noopener noreferrer"
              >
                Open the portal settings
              </a>
            </>
          }
          action={
            <Button size="small" onClick={() => setPortalAlert(false)}>
              Dismiss
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <div className={styles.planHeader}>
        <div>
          <h3 className={styles.planName}>
            {d.planDetails.name}
            <Tag
              color={badge.color === 'default' ? undefined : badge.color}
              data-testid="subscription-status"
            >
              {badge.label}
            </Tag>
            {badge.ends && (
              <span className={`${styles.ends} ${styles.muted}`} data-testid="subscription-ends">
                {badge.ends}
              </span>
            )}
          </h3>
          <p className={styles.muted}>{d.planDetails.description}</p>
        </div>
        <div className={styles.price}>{d.planDetails.priceFormatted}</div>
      </div>

      <div className={styles.facts}>
        <div className={styles.fact}>
          <div className={styles.muted}>Credits</div>
          <div className={styles.factValue} data-testid="plan-credits">
            {formatCount(d.planDetails.credits)}
          </div>
          <div className={styles.muted}>chatbot requests a month</div>
        </div>
        <div className={styles.fact}>
          <div className={styles.muted}>Domains</div>
          <div className={styles.factValue} data-testid="plan-domains">
            {formatDomains(d.planDetails.maxDomains)}
          </div>
        </div>
        <div className={styles.fact}>
          <div className={styles.muted}>Request usage</div>
          <div className={styles.factValue} data-testid="plan-usage">
            {d.requestsUsed.toLocaleString('en-US')} / {limit.toLocaleString('en-US')}
          </div>
          <Progress
            aria-label="Request usage"
            percent={percent}
            showInfo={false}
            size="small"
            status={percent >= 100 ? 'exception' : 'normal'}
            strokeColor={percent >= 100 ? undefined : percent >= 80 ? '#fa8c16' : undefined}
          />
        </div>
      </div>

      <ul className={styles.features}>
        {d.planDetails.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>

      {info && (
        <p data-testid="billing-info" className={styles.muted}>
          {info}
        </p>
      )}

      <div className={styles.actions}>
        {actions.upgrade && (
          <>
            <Button type="primary" onClick={() => setUpgrading(true)} data-testid="upgrade-button">
              Upgrade to PRO
            </Button>
            <Button onClick={() => void checkout()} loading={busy === 'checkout'}>
              Pay on a hosted checkout page
            </Button>
          </>
        )}
        {actions.manageBilling && (
          <Button onClick={() => void manageBilling()} loading={busy === 'portal'}>
            Manage Billing
          </Button>
        )}
        {actions.cancel && (
          <Button danger onClick={cancel} loading={busy === 'cancel'}>
            Cancel Subscription
          </Button>
        )}
      </div>

      <UpgradeDialog open={upgrading} onClose={() => setUpgrading(false)} onUpgraded={() => void refetch()} />
    </Card>
  );
}
