import type { Metadata } from 'next';
import Link from 'next/link';
import { PLANS, formatPrice } from '@parley/contracts/plans';
import { PageHeader } from '@/components/marketing/PageHeader';
import { Prose } from '@/components/marketing/Prose';
import { runtimeConfig } from '@/lib/server/runtime-config';

export const metadata: Metadata = { title: 'Terms of Service' };

const TOC = [
  { id: 'agreement', title: 'The agreement' },
  { id: 'accounts', title: 'Your account' },
  { id: 'plans', title: 'Plans, limits and payment' },
  { id: 'acceptable-use', title: 'Acceptable use' },
  { id: 'your-content', title: 'Your content' },
  { id: 'assistant', title: 'The assistant’s answers' },
  { id: 'availability', title: 'Availability and changes' },
  { id: 'ending', title: 'Ending the agreement' },
  { id: 'liability', title: 'Liability' },
  { id: 'contact', title: 'Contact' },
];

export default function TermsPage() {
  const { contact } = runtimeConfig();
  return (
    <>
      <PageHeader
        eyebrow="Legal"
        title="Terms of Service"
        lead="The rules for using Parley, written to be read. If anything is unclear, ask us before you sign up."
        meta="Last updated 22 November 2026"
      />
      <Prose toc={TOC}>
        <h2 id="agreement">The agreement</h2>
        <p>
          These terms are an agreement between Parley and the person or business that creates a Parley account
          (“you”). By creating an account or adding the Parley widget to a website you accept them. If you
          accept on behalf of a business, you confirm you are allowed to bind it.
        </p>

        <h2 id="accounts">Your account</h2>
        <ul>
          <li>
            Give a real name and an email address you can receive mail at: we verify it with a code when you
            sign up.
          </li>
          <li>
            Keep your password to yourself. You are responsible for what happens under your account and your
            team members’ accounts.
          </li>
          <li>
            Tell us straight away at <a href={`mailto:${contact.support}`}>{contact.support}</a> if you think
            someone else has access to your account.
          </li>
        </ul>

        <h2 id="plans">Plans, limits and payment</h2>
        <p>
          The {PLANS.STANDARD.name} plan is free and includes {PLANS.STANDARD.credits.toLocaleString('en-US')}{' '}
          chatbot requests a month on {PLANS.STANDARD.maxDomains} domain. The {PLANS.PRO.name} plan costs{' '}
          {formatPrice(PLANS.PRO.priceCents)} and includes {PLANS.PRO.credits.toLocaleString('en-US')}{' '}
          requests a month on up to {PLANS.PRO.maxDomains} domains, custom branding and API access. Current
          details are on our <Link href="/#pricing">pricing</Link>.
        </p>
        <ul>
          <li>
            When you reach your monthly request limit, the assistant stops answering new questions until the
            next month or until you upgrade. You and your team can still reply in person.
          </li>
          <li>
            Paid plans are billed monthly in advance through our payment provider. You can cancel at any time;
            the plan stays active until the end of the period you paid for.
          </li>
          <li>
            We may change prices with at least 30 days’ notice by email. The change applies from your next
            billing period.
          </li>
        </ul>

        <h2 id="acceptable-use">Acceptable use</h2>
        <p>You may not use Parley to:</p>
        <ul>
          <li>break the law, or help anyone else break it, including consumer-protection and privacy law;</li>
          <li>send spam or marketing email to people who did not agree to receive it;</li>
          <li>collect sensitive data such as card numbers or health records through chat messages;</li>
          <li>
            impersonate people, or present the assistant’s replies as coming from a human when they do not;
          </li>
          <li>probe, overload or work around the limits and security of the service.</li>
        </ul>

        <h2 id="your-content">Your content</h2>
        <p>
          What you add to Parley (your knowledge base, products, settings) and the conversations on your sites
          remain yours. You give us permission to store and process them only to run the service for you, as
          described in the <Link href="/privacy">Privacy Policy</Link>. You are responsible for having the
          right to use what you upload and for telling your visitors how their data is handled.
        </p>

        <h2 id="assistant">The assistant’s answers</h2>
        <p>
          The assistant answers from the information you give it, and it can still be wrong. Review what it
          knows, keep it up to date, and use live hand-off for anything with legal, medical or financial
          consequences. Parley labels replies from your team so visitors can tell them apart from the
          assistant.
        </p>

        <h2 id="availability">Availability and changes</h2>
        <p>
          We work to keep Parley available around the clock, but we do not promise uninterrupted service.
          Planned maintenance is announced in advance where we can, and while it runs the website shows a
          maintenance page. We improve the service continuously; if we remove a feature you pay for, we will
          tell you first.
        </p>

        <h2 id="ending">Ending the agreement</h2>
        <p>
          You can close your account at any time. We may suspend or close an account that breaks these terms,
          after a warning where the breach can be fixed. After closure we delete your data as described in the
          Privacy Policy; ask us before you close if you want an export.
        </p>

        <h2 id="liability">Liability</h2>
        <p>
          Nothing in these terms limits liability that cannot be limited by law. Otherwise, our total
          liability for any claim is limited to the amount you paid us in the twelve months before it, and we
          are not liable for lost profits or indirect losses.
        </p>

        <h2 id="contact">Contact</h2>
        <p>
          Questions about these terms: <a href={`mailto:${contact.support}`}>{contact.support}</a>.
        </p>
      </Prose>
    </>
  );
}
