'use client';

import { useCallback } from 'react';
import { useRouter } from 'next/navigation';
import type { AppNotification } from '@/lib/api/notifications';
import { errorSentence } from '@/lib/api/errors';
import { useDomainSetup } from '@/components/domains/DomainSetupProvider';
import { useToast } from '@/components/toast/useToast';
import { useNotifications } from './NotificationsProvider';

/** Clicking a notification marks it read; DOMAIN_SETUP opens that domain's setup wizard. */
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
      if (n.type === 'DOMAIN_SETUP' && n.domainId) wizard.open(n.domainId);
      else if (n.type === 'LIVE_SUPPORT') router.push('/dashboard/conversation');
    },
    [after, markRead, wizard, router, toast],
  );
}
