import { ToolOutlined } from '@/components/public-icons';
import type { Metadata } from 'next';
import { StatusMessage } from '@/components/status/StatusMessage';
import { runtimeConfig } from '@/lib/server/runtime-config';
import { MaintenanceActions } from './MaintenanceActions';

export const metadata: Metadata = { title: 'Down for maintenance' };

export default function MaintenancePage() {
  const { contact } = runtimeConfig();
  return (
    <StatusMessage
      testId="maintenance"
      icon={<ToolOutlined />}
      title="We’ll be right back"
      actions={<MaintenanceActions />}
    >
      <p>
        Parley is down for scheduled maintenance while we make improvements. Chat widgets on your sites stay
        online, and nothing you have set up is lost.
      </p>
      <p>
        Urgent? Email <a href={`mailto:${contact.support}`}>{contact.support}</a>.
      </p>
    </StatusMessage>
  );
}
