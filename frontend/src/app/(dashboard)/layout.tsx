import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { DashboardShell } from '@/components/dashboard/DashboardShell';
import { SessionProvider } from '@/components/dashboard/SessionProvider';
import { DomainSetupProvider } from '@/components/domains/DomainSetupProvider';
import { NotificationsProvider } from '@/components/notifications/NotificationsProvider';
import { RealtimeProvider } from '@/lib/realtime/useRealtime';
import { runtimeConfig } from '@/lib/server/runtime-config';
import { AntdRoot } from '@/lib/theme/AntdRoot';

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function DashboardLayout({ children }: { children: ReactNode }) {
  // Read at request time on the server, so one build serves every environment.
  const { publicGateway } = runtimeConfig();
  return (
    <AntdRoot>
      <SessionProvider>
        {/* One socket for the whole dashboard, opened once the session's /user/me has renewed an
          expired access token for the handshake. */}
        <RealtimeProvider gateway={publicGateway} ready>
          <NotificationsProvider>
            <DomainSetupProvider>
              <DashboardShell>{children}</DashboardShell>
            </DomainSetupProvider>
          </NotificationsProvider>
        </RealtimeProvider>
      </SessionProvider>
    </AntdRoot>
  );
}
