import {
  CheckCircleFilled,
  CompassOutlined,
  MailOutlined,
  ReloadOutlined,
  ToolOutlined,
} from '@/components/public-icons';
import { NEWSLETTER_CONFIRM_LINK_TTL_MS, type NewsletterLinkOutcome } from '@parley/contracts';
import type { ReactNode } from 'react';

export interface OutcomeView {
  icon: ReactNode;
  title: string;
  paragraphs: string[];
  /** Offer to subscribe again (the landing page's #newsletter form). */
  offerSubscribe: boolean;
  tone: 'success' | 'neutral' | 'problem';
}

const LINK_DAYS = Math.round(NEWSLETTER_CONFIRM_LINK_TTL_MS / (24 * 60 * 60 * 1000));

const VIEWS: Record<NewsletterLinkOutcome, OutcomeView> = {
  confirmed: {
    icon: <CheckCircleFilled />,
    title: 'You’re subscribed',
    paragraphs: [
      'Thanks for confirming your email address. You’ll get one short email whenever we ship something worth knowing about, plus practical ideas for running support.',
      'Every newsletter has a link to unsubscribe in one click.',
    ],
    offerSubscribe: false,
    tone: 'success',
  },
  'already-confirmed': {
    icon: <CheckCircleFilled />,
    title: 'You’re already subscribed',
    paragraphs: [
      'This address was confirmed before, so there is nothing more to do. Product updates will keep arriving in your inbox.',
    ],
    offerSubscribe: false,
    tone: 'success',
  },
  unsubscribed: {
    icon: <MailOutlined />,
    title: 'You’re unsubscribed',
    paragraphs: [
      'We won’t send you the Parley newsletter any more. Emails about your account, if you have one, are not affected.',
      'Changed your mind? You can subscribe again at any time.',
    ],
    offerSubscribe: true,
    tone: 'neutral',
  },
  invalid: {
    icon: <CompassOutlined />,
    title: 'This link doesn’t work',
    paragraphs: [
      'It may have been cut short when it was copied, or it belongs to an earlier email: a confirmation link stops working once its address unsubscribes.',
      'Open the link straight from the email, or subscribe again and we’ll send you a new one.',
    ],
    offerSubscribe: true,
    tone: 'problem',
  },
  expired: {
    icon: <ReloadOutlined />,
    title: 'This link has expired',
    paragraphs: [
      `Confirmation links work for ${LINK_DAYS} days, and this one is older. Subscribe again and we’ll send you a fresh link.`,
    ],
    offerSubscribe: true,
    tone: 'problem',
  },
  unavailable: {
    icon: <ToolOutlined />,
    title: 'We couldn’t open this link right now',
    paragraphs: [
      'Something went wrong on our side, and nothing has changed yet. Please open the link from your email again in a few minutes.',
    ],
    offerSubscribe: false,
    tone: 'problem',
  },
};

export function viewOf(outcome: NewsletterLinkOutcome): OutcomeView {
  return VIEWS[outcome];
}
