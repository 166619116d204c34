import { MessageOutlined } from '@/components/icons';
import { bookingDateLabel } from '@parley/contracts';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import Link from 'next/link';
import type { Booking } from './api';
import { conversationHref, isPast } from './view';
import styles from './Bookings.module.css';

dayjs.extend(relativeTime);

/** The appointment's date and time slot, marked when it is over. */
export function WhenCell({ booking, now }: { booking: Booking; now: Date }) {
  return (
    <span className={styles.when}>
      <strong>{bookingDateLabel(booking.date)}</strong>
      <span className={styles.slot}>
        {booking.slot}
        {isPast(booking.date, now) && (
          <Tag className={styles.pastTag} data-testid="booking-past">
            Past
          </Tag>
        )}
      </span>
    </span>
  );
}

export function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={styles.email} data-testid="booking-email">
      {email}
    </a>
  );
}

/** The booking visitor's conversation, or why there is none to open. */
export function ConversationCell({ booking }: { booking: Booking }) {
  if (!booking.roomId) {
    return (
      <Tooltip title="The visitor booked without writing in the chat.">
        <span className={styles.muted} data-testid="booking-no-conversation">
          No chat
        </span>
      </Tooltip>
    );
  }
  return (
    <Link
      href={conversationHref(booking.roomId)}
      data-testid="booking-conversation"
      className={styles.chatLink}
    >
      <MessageOutlined /> Open chat
    </Link>
  );
}

/** When it was booked: short, the full time on hover. */
export function BookedCell({ createdAt }: { createdAt: string }) {
  const at = dayjs(createdAt);
  return (
    <Tooltip title={at.format('MMM D, YYYY h:mm A')}>
      <time dateTime={createdAt} className={styles.booked}>
        {at.fromNow()}
      </time>
    </Tooltip>
  );
}
