import type { Metadata } from 'next';
import { EmailMarketingPage } from '@/components/email-marketing/EmailMarketingPage';

export const metadata: Metadata = { title: 'Email Marketing' };

export default function EmailMarketing() {
  return <EmailMarketingPage />;
}
