'use client';

import { BankOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { fetchConnectLink, fetchPayoutStatus, type PayoutStatus } from '@/lib/api/payments';
import { errorSentence } from '@/lib/api/errors';
import { useToast } from '@/components/toast/useToast';
import styles from './Subscription.module.css';

/**
 * Payouts (Stripe Connect): visitors who buy in the widget pay the owner's connected account. The
 * owner sets it up on Stripe's onboarding pages (GET /api/payments/connect answers data.url, then
 * the browser goes there); whether it can take charges comes from its webhook. A domain's payments
 * can be turned on only once it can.
 */
export function PayoutsCard() {
  const [status, setStatus] = useState<PayoutStatus | null>(null);
  const [failed, setFailed] = useState<string>();
  const [opening, setOpening] = useState(false);
  const toast = useToast();

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setStatus((await fetchPayoutStatus(signal)).data);
      setFailed(undefined);
    } catch (e) {
      if (!signal?.aborted) setFailed(errorSentence(e));
    }
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  // Back from Stripe's onboarding: readiness arrives with its webhook a moment later; look again.
  const ready = status?.chargesEnabled ?? false;
  useEffect(() => {
    if (ready || new URLSearchParams(window.location.search).get('payment') !== 'connect-return') return;
    let tries = 0;
    const timer = setInterval(() => {
      if (++tries > 15) clearInterval(timer);
      void load();
    }, 2000);
    return () => clearInterval(timer);
  }, [ready, load]);

  const connect = async () => {
    setOpening(true);
    try {
      const { data } = await fetchConnectLink();
      window.location.assign(data.url);
    } catch (e) {
      toast.error('Failed to start payouts setup', errorSentence(e));
      setOpening(false);
    }
  };

  return (
    <Card
      data-testid="payouts-card"
      title={
        <span className={styles.planName}>
          <BankOutlined /> Payouts
        </span>
      }
    >
      {failed && <Alert type="error" showIcon title="Payouts could not be loaded" description={failed} />}
      {!failed && !status && <Skeleton active paragraph={{ rows: 1 }} />}
      {status && (
        <>
          <p>
            {status.chargesEnabled ? (
              <Tag color="green" data-testid="payouts-status">
                Ready
              </Tag>
            ) : status.connected ? (
              <Tag color="orange" data-testid="payouts-status">
                Setup not finished
              </Tag>
            ) : (
              <Tag data-testid="payouts-status">Not set up</Tag>
            )}{' '}
            <span className={styles.muted}>
              {status.chargesEnabled
                ? 'Visitors can buy your products in the widget; you can turn payments on for a domain.'
                : 'Set up payouts with Stripe to sell in the widget and turn payments on for your domains.'}
            </span>
          </p>
          <Button
            onClick={() => void connect()}
            loading={opening}
            type={status.chargesEnabled ? 'default' : 'primary'}
          >
            {status.chargesEnabled
              ? 'Update payout details'
              : status.connected
                ? 'Finish payouts setup'
                : 'Set up payouts'}
          </Button>
        </>
      )}
    </Card>
  );
}
