import { CheckOutlined, CloseOutlined, ReloadOutlined } from '@/components/public-icons';
import type { Metadata } from 'next';
import { StatusMessage } from '@/components/status/StatusMessage';

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false, follow: false } };

/**
 * Where the unsubscribe link of a campaign mail ends up: the gateway has acted on the link and
 * redirects here with `?status=unsubscribed | invalid | unavailable`.
 */
export default async function UnsubscribedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const status = (await searchParams).status;
  if (status === 'unsubscribed')
    return (
      <StatusMessage testId="unsubscribed" icon={<CheckOutlined />} title="You are unsubscribed">
        <p>You will not get these emails any more. Nothing else is needed from you.</p>
      </StatusMessage>
    );
  if (status === 'unavailable')
    return (
      <StatusMessage testId="unsubscribed" icon={<ReloadOutlined />} title="Please try again in a moment">
        <p>We could not act on the link just now. Open it again from the email in a few minutes.</p>
      </StatusMessage>
    );
  return (
    <StatusMessage testId="unsubscribed" icon={<CloseOutlined />} title="This link does not work">
      <p>
        The unsubscribe link is incomplete or was not made by us. Open it again from the email, or reply to
        the email to ask the sender to stop.
      </p>
    </StatusMessage>
  );
}
