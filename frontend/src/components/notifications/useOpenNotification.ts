'use client';

import { useCallback } from 'react';
import { useRouter } from 'next/navigation';
import type { AppNotification } from '@/lib/api/notifications';
import { errorSentence } from '@/lib/api/errors';
import { notificationTarget } from '@/lib/notifications/target';
import { useDomainSetup } from '@/components/domains/DomainSetupProvider';
import { useToast } from '@/components/toast/useToast';
import { useNotifications } from './NotificationsProvider';

/**
 * Clicking a notification marks it read; DOMAIN_SETUP opens that domain's setup wizard,
 * LIVE_SUPPORT the handed-over conversation, BOOKING the domain's bookings (see notificationTarget).
 */
export function useOpenNotification(after?: () => void) {
  const { markRead } = useNotifications();
  const wizard = useDomainSetup();
  const router = useRouter();
  const toast = useToast();
  return useCallback(
    (n: AppNotification) => {
      after?.();
      if (!n.read)
        markRead(n.id).catch((e: unknown) => toast.error('An unexpected error occurred', errorSentence(e)));
      const target = notificationTarget(n);
      if (target?.kind === 'domain-setup') wizard.open(target.domainId);
      else if (target?.kind === 'page') router.push(target.href);
    },
    [after, markRead, wizard, router, toast],
  );
}
