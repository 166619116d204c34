import { CustomerFeedback } from '@/components/marketing/CustomerFeedback';
import { Features } from '@/components/marketing/Features';
import { Hero } from '@/components/marketing/Hero';
import { Newsletter } from '@/components/marketing/Newsletter';
import { Pricing } from '@/components/marketing/Pricing';
import { runtimeConfig } from '@/lib/server/runtime-config';

export const dynamic = 'force-dynamic';

export default function LandingPage() {
  const { contact } = runtimeConfig();
  return (
    <>
      <Hero />
      <Features />
      <Pricing salesEmail={contact.sales} />
      <CustomerFeedback supportEmail={contact.support} />
      <Newsletter />
    </>
  );
}
