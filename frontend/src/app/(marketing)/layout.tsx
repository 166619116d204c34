import type { ReactNode } from 'react';
import { Footer } from '@/components/marketing/Footer';
import { Navbar } from '@/components/marketing/Navbar';
import { runtimeConfig } from '@/lib/server/runtime-config';

export default function MarketingLayout({ children }: { children: ReactNode }) {
  const { contact } = runtimeConfig();
  return (
    <>
      <Navbar />
      <main>{children}</main>
      <Footer supportEmail={contact.support} salesEmail={contact.sales} />
    </>
  );
}
