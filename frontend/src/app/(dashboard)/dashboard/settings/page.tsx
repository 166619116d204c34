import { SettingOutlined } from '@/components/icons';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/dashboard/ComingSoon';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return (
    <ComingSoon
      title="Settings"
      description="Your domains, the widget, your assistant and your subscription."
      icon={<SettingOutlined />}
      emptyTitle="No domains set up yet"
      emptyText="Settings for each of your sites and your billing will be managed here."
      willShow={[
        'Domains, with the widget’s logo, icon, colours and welcome message',
        'Your assistant’s personality, business details and hand-off preferences',
        'Your subscription, usage and billing',
      ]}
    />
  );
}
