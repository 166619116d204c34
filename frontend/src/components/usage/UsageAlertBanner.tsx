'use client';

import { useEffect, useState } from 'react';
import { useSession } from '@/components/dashboard/SessionProvider';
import { fetchSubscriptionDetails, type SubscriptionDetails } from '@/lib/api/subscription';
import { PATHS } from '@/lib/routing/paths';
import { usageAlert } from '@/lib/usage/alert';
import styles from './UsageAlertBanner.module.css';

/** Spec section 9: subscription details are refetched every 30 seconds. */
const POLL_MS = 30_000;

/** Keeps the subscription details fresh; a failed poll keeps the last answer (the banner is a hint). */
function useSubscriptionDetails(enabled: boolean): SubscriptionDetails | null {
  const [details, setDetails] = useState<SubscriptionDetails | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const load = () =>
      fetchSubscriptionDetails(controller.signal)
        .then((body) => setDetails(body.data))
        .catch(() => undefined);
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [enabled]);
  return details;
}

/**
 * Screen 5, on every dashboard page: orange from 80% of the request limit, red at it. Owners and
 * admins see it (they manage the plan); the link opens the settings page in a new tab.
 */
export function UsageAlertBanner() {
  const { user } = useSession();
  const managesPlan = user.role === 'OWNER' || user.role === 'ADMIN';
  const details = useSubscriptionDetails(managesPlan);
  if (!details) return null;
  const alert = usageAlert({
    requestsUsed: details.requestsUsed,
    requestLimit: details.requestLimit,
    plan: details.currentPlan,
  });
  if (!alert) return null;
  return (
    <div
      className={`${styles.banner} ${alert.level === 'limit' ? styles.limit : styles.warning}`}
      role="alert"
      data-testid="usage-alert"
      data-level={alert.level}
    >
      <div className={styles.text}>
        <strong className={styles.title}>{alert.title}</strong>
        <span>{alert.detail}</span>
        <span>{alert.action}</span>
      </div>
      <a className={styles.link} href={PATHS.settings} target="_blank" rel="noopener noreferrer">
        {details.currentPlan === 'PRO' ? 'Open settings' : 'Upgrade to PRO'}
      </a>
    </div>
  );
}
