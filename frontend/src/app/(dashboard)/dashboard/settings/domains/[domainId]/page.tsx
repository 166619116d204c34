import type { Metadata } from 'next';
import { DomainSettingsPage } from '@/components/domain-settings/DomainSettingsPage';

export const metadata: Metadata = { title: 'Domain settings' };

export default async function Page({ params }: { params: Promise<{ domainId: string }> }) {
  const { domainId } = await params;
  return <DomainSettingsPage domainId={domainId} />;
}
