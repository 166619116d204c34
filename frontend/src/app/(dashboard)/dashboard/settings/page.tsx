import type { Metadata } from 'next';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { DomainsSection } from '@/components/settings/DomainsSection';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return (
    <>
      <PageTitle
        title="Settings"
        description="Your domains, the widget, your assistant and your subscription."
      />
      <DomainsSection />
    </>
  );
}
