import {
  CustomerServiceOutlined,
  LockOutlined,
  RocketOutlined,
  TeamOutlined,
} from '@/components/public-icons';
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/marketing/PageHeader';
import { runtimeConfig } from '@/lib/server/runtime-config';
import styles from './contact.module.css';

export const metadata: Metadata = { title: 'Contact' };

export default function ContactPage() {
  const { contact } = runtimeConfig();
  const channels: { icon: ReactNode; title: string; text: string; email: string; subject: string }[] = [
    {
      icon: <CustomerServiceOutlined />,
      title: 'Help with your account',
      text: 'Questions about the widget, your assistant, your plan or a bug you found. Tell us your account email and the domain involved.',
      email: contact.support,
      subject: 'Support request',
    },
    {
      icon: <RocketOutlined />,
      title: 'Sales and larger plans',
      text: 'Several brands, more requests than Pro includes, or usage-based pricing: we will work out a plan that fits.',
      email: contact.sales,
      subject: 'Sales enquiry',
    },
    {
      icon: <LockOutlined />,
      title: 'Privacy and data requests',
      text: 'Access, correction or deletion of personal data, and questions about how we process conversations.',
      email: contact.privacy,
      subject: 'Privacy request',
    },
    {
      icon: <TeamOutlined />,
      title: 'Jobs',
      text: 'Open applications are welcome. See how we work and what to send on our careers page.',
      email: contact.careers,
      subject: 'Application',
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Talk to a person at Parley"
        lead="Email reaches the right people fastest. We answer support requests within one business day, usually much sooner."
      />
      <section className={styles.section}>
        <div className="container">
          <ul className={styles.grid}>
            {channels.map((c) => (
              <li key={c.title} className={styles.card}>
                <span className={styles.icon} aria-hidden="true">
                  {c.icon}
                </span>
                <h2>{c.title}</h2>
                <p>{c.text}</p>
                <a
                  href={`mailto:${c.email}?subject=${encodeURIComponent(c.subject)}`}
                  className={styles.mail}
                >
                  {c.email}
                </a>
              </li>
            ))}
          </ul>
          <div className={styles.note}>
            <h2>Before you write</h2>
            <ul>
              <li>
                Already have an account? <Link href="/auth/sign-in">Sign in</Link> to change your name,
                password and plan yourself.
              </li>
              <li>
                Reporting a security issue? Write to{' '}
                <a href={`mailto:${contact.support}?subject=Security`}>{contact.support}</a> with “Security”
                in the subject. We reply within one business day and credit responsible reports.
              </li>
              <li>
                Read how we handle data in our <Link href="/privacy">Privacy Policy</Link> and{' '}
                <Link href="/cookies">Cookie Policy</Link>.
              </li>
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
