import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/marketing/PageHeader';
import { Prose } from '@/components/marketing/Prose';
import { runtimeConfig } from '@/lib/server/runtime-config';

export const metadata: Metadata = { title: 'Cookie Policy' };

const TOC = [
  { id: 'summary', title: 'In short' },
  { id: 'parley-app', title: 'Cookies on parley' },
  { id: 'widget', title: 'Storage used by the widget' },
  { id: 'control', title: 'Controlling cookies' },
  { id: 'contact', title: 'Contact' },
];

const APP_COOKIES = [
  {
    name: 'parley_at',
    purpose: 'Proves you are signed in (your access token). httpOnly, so scripts cannot read it.',
    lifetime: '15 minutes',
  },
  {
    name: 'parley_rt',
    purpose:
      'Renews your session without asking for your password again. httpOnly, only sent to the sign-in service.',
    lifetime: '30 days',
  },
  {
    name: 'parley_session',
    purpose:
      'Tells the website you are signed in, so it can send you to your dashboard. Holds no personal data.',
    lifetime: '30 days',
  },
  {
    name: 'parley_device',
    purpose:
      'Recognises this browser as one you signed in from before, so failed sign-in attempts by someone else never lock you out. httpOnly; holds a random id and a signature, no personal data.',
    lifetime: '1 year',
  },
  {
    name: 'parley_theme',
    purpose: 'Remembers whether you chose the light or the dark theme.',
    lifetime: '1 year',
  },
];

export default function CookiesPage() {
  const { contact } = runtimeConfig();
  return (
    <>
      <PageHeader
        eyebrow="Legal"
        title="Cookie Policy"
        lead="Parley uses a handful of cookies, all of them needed for signing in or for remembering a choice you made. No advertising or cross-site tracking cookies."
        meta="Last updated 22 November 2026"
      />
      <Prose toc={TOC}>
        <h2 id="summary">In short</h2>
        <p>
          A cookie is a small text file a website stores in your browser. We only use cookies that make Parley
          work: keeping you signed in and remembering your theme. Because they are strictly necessary or store
          a preference you set yourself, we do not show a consent banner for them.
        </p>

        <h2 id="parley-app">Cookies on this website and the dashboard</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">What it does</th>
              <th scope="col">How long</th>
            </tr>
          </thead>
          <tbody>
            {APP_COOKIES.map((c) => (
              <tr key={c.name}>
                <td>
                  <code>{c.name}</code>
                </td>
                <td>{c.purpose}</td>
                <td>{c.lifetime}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          The sign-in cookies are deleted when you log out (<code>parley_device</code> stays, so this browser
          is still recognised next time). We also remember, for the length of your browser tab, how often a
          page was opened in the last 30 seconds: if the sign-in pages keep sending you round in a circle,
          Parley clears your sign-in cookies once to break the loop.
        </p>

        <h2 id="widget">Storage used by the chat widget</h2>
        <p>
          The widget that businesses put on their websites keeps the current conversation in the visitor’s
          browser storage for up to 24 hours, so reloading the page does not lose the chat. It is removed
          automatically after that. The business running the website is responsible for telling its visitors
          about it, and the <Link href="/privacy">Privacy Policy</Link> explains what happens to the
          conversation itself.
        </p>

        <h2 id="control">Controlling cookies</h2>
        <p>
          You can delete or block cookies in your browser’s settings. If you block the sign-in cookies you
          will not be able to use the dashboard; the public pages work without them.
        </p>

        <h2 id="contact">Contact</h2>
        <p>
          Questions about cookies: <a href={`mailto:${contact.privacy}`}>{contact.privacy}</a>.
        </p>
      </Prose>
    </>
  );
}
