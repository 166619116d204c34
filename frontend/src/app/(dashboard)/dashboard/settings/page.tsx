import type { Metadata } from 'next';
import { ApiAccessCard } from '@/components/api-keys/ApiAccessCard';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { DomainsSection } from '@/components/settings/DomainsSection';
import { OrdersCard } from '@/components/subscription/OrdersCard';
import { PayoutsCard } from '@/components/subscription/PayoutsCard';
import { SubscriptionManager } from '@/components/subscription/SubscriptionManager';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return (
    <>
      <PageTitle
        title="Settings"
        description="Your domains, the widget, your assistant and your subscription."
      />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
        <SubscriptionManager />
        <PayoutsCard />
        <OrdersCard />
        <DomainsSection />
        <ApiAccessCard />
      </div>
    </>
  );
}
