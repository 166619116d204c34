import type { Metadata } from 'next';
import { PageHeader } from '@/components/marketing/PageHeader';
import { Prose } from '@/components/marketing/Prose';
import { runtimeConfig } from '@/lib/server/runtime-config';

export const metadata: Metadata = { title: 'Privacy Policy' };

const TOC = [
  { id: 'who-we-are', title: 'Who we are' },
  { id: 'two-roles', title: 'Our two roles' },
  { id: 'account-data', title: 'Data about account holders' },
  { id: 'visitor-data', title: 'Data about your visitors' },
  { id: 'how-we-use', title: 'How we use data' },
  { id: 'ai', title: 'The assistant and AI providers' },
  { id: 'sharing', title: 'Who we share data with' },
  { id: 'retention', title: 'How long we keep data' },
  { id: 'security', title: 'Security' },
  { id: 'your-rights', title: 'Your rights' },
  { id: 'changes', title: 'Changes and contact' },
];

export default function PrivacyPage() {
  const { contact } = runtimeConfig();
  return (
    <>
      <PageHeader
        eyebrow="Legal"
        title="Privacy Policy"
        lead="What we collect when you use Parley, what happens to the conversations on your website, and the choices you have."
        meta="Last updated 22 November 2026"
      />
      <Prose toc={TOC}>
        <h2 id="who-we-are">Who we are</h2>
        <p>
          Parley (“we”, “us”) provides an AI customer-support service: a chat widget that business owners add
          to their websites, an assistant that answers visitors, and a dashboard where owners and their team
          members follow conversations and take them over. This policy explains how we handle personal data in
          that service and on this website.
        </p>

        <h2 id="two-roles">Our two roles</h2>
        <p>
          For the people who create a Parley account (owners, their team members and administrators) we decide
          what data is needed to run the account, so we are the <strong>controller</strong> of that data.
        </p>
        <p>
          For the visitors who chat with a widget on a customer’s website, the business that runs the website
          decides what the widget asks and what happens to the answers. That business is the controller and we
          act as its
          <strong> processor</strong>: we handle visitor data only to provide the service to that business and
          on its instructions. If you chatted with a business through Parley, please contact that business
          first about your data; we will help them answer you.
        </p>

        <h2 id="account-data">Data about account holders</h2>
        <ul>
          <li>
            <strong>Sign-up and profile:</strong> your full name, email address and a one-way hash of your
            password (we never store the password itself), your role and plan, and the answers you give during
            onboarding about your products, categories and audience.
          </li>
          <li>
            <strong>Email verification:</strong> a six-digit code we email you when you sign up. It expires
            and is useless once used.
          </li>
          <li>
            <strong>Sessions and security:</strong> sign-in times, failed sign-in attempts and the IP address
            they came from, used to protect your account against guessing attacks.
          </li>
          <li>
            <strong>Billing:</strong> for paid plans, your billing name, email and address. Card details go
            straight to our payment provider and never touch our servers.
          </li>
          <li>
            <strong>Your configuration:</strong> domains, widget settings, questions and answers, products,
            help articles and anything else you add to teach the assistant.
          </li>
        </ul>

        <h2 id="visitor-data">Data about your visitors</h2>
        <p>When a visitor uses a Parley widget we process, on behalf of the business:</p>
        <ul>
          <li>the messages they exchange with the assistant and with the business’s team;</li>
          <li>
            details they choose to give, such as their email address, answers to the business’s questions,
            bookings and purchases;
          </li>
          <li>whether they found a conversation helpful, if the business asks;</li>
          <li>
            technical data needed to deliver the chat, such as the page they are on and a short-lived visitor
            identifier.
          </li>
        </ul>
        <p>
          The widget keeps a copy of the current chat in the visitor’s browser for up to 24 hours so a page
          reload does not lose the conversation.
        </p>

        <h2 id="how-we-use">How we use data</h2>
        <ul>
          <li>
            to provide the service: run accounts, deliver conversations, answer visitors and notify your team
            (contract);
          </li>
          <li>
            to keep Parley secure and prevent abuse, such as rate-limiting sign-in attempts (legitimate
            interests);
          </li>
          <li>to send service emails such as verification codes and important account notices (contract);</li>
          <li>
            to send product updates, only if you subscribed, with an unsubscribe link in every email
            (consent);
          </li>
          <li>to meet legal obligations such as keeping invoices (legal obligation).</li>
        </ul>
        <p>
          We do not sell personal data, and we do not use your visitors’ conversations to advertise to anyone.
        </p>

        <h2 id="ai">The assistant and AI providers</h2>
        <p>
          The assistant answers from the knowledge you give it. Where a business connects a language-model
          provider, the relevant part of a conversation is sent to that provider to produce a reply, under
          terms that forbid the provider from using it to train its models. Without such a provider, answers
          are produced by Parley’s own retrieval engine and conversations never leave our infrastructure.
        </p>

        <h2 id="sharing">Who we share data with</h2>
        <ul>
          <li>hosting and infrastructure providers that run Parley for us;</li>
          <li>our payment provider, for paid plans;</li>
          <li>our email delivery provider, for verification codes and notifications;</li>
          <li>a language-model provider, only when the business has configured one;</li>
          <li>authorities, when the law requires it and only as far as it requires.</li>
        </ul>
        <p>
          Each of them is bound by a written agreement to protect the data and use it only to provide their
          service to us.
        </p>

        <h2 id="retention">How long we keep data</h2>
        <p>
          Account data is kept while your account is open and deleted within 30 days after you close it,
          except what we must keep for accounting. Conversations are kept for as long as the business keeps
          them in its dashboard. Security logs are kept for up to 90 days.
        </p>

        <h2 id="security">Security</h2>
        <p>
          Connections are encrypted, passwords are hashed with a slow, salted algorithm, session cookies are
          <code>httpOnly</code> and short-lived, and every request is checked against the account it belongs
          to so one business can never see another’s data.
        </p>

        <h2 id="your-rights">Your rights</h2>
        <p>
          You can see and change your name and password in your profile at any time. You may also ask us for a
          copy of your data, to correct or delete it, to restrict or object to how we use it, and to move it
          elsewhere. Write to <a href={`mailto:${contact.privacy}`}>{contact.privacy}</a>; we answer within 30
          days. You also have the right to complain to your data protection authority.
        </p>

        <h2 id="changes">Changes and contact</h2>
        <p>
          If we change this policy in a way that matters, we will tell account holders by email before the
          change takes effect. Questions about privacy:{' '}
          <a href={`mailto:${contact.privacy}`}>{contact.privacy}</a>.
        </p>
      </Prose>
    </>
  );
}
