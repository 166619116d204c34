import { CalendarOutlined } from '@/components/icons';
import { Button } from 'antd';
import styles from './Bookings.module.css';

/** No bookings: none at all yet (what to expect), or none matching the filters (a way back). */
export function BookingsEmpty({
  agent,
  filtered,
  onShowAll,
}: {
  agent: boolean;
  filtered: boolean;
  onShowAll(): void;
}) {
  if (filtered) {
    return (
      <section className={styles.empty} data-testid="bookings-empty" data-filtered="true">
        <CalendarOutlined className={styles.emptyIcon} aria-hidden="true" />
        <h2>No bookings match</h2>
        <p>Nothing was booked for this domain or period.</p>
        <Button onClick={onShowAll}>Show all bookings</Button>
      </section>
    );
  }
  return (
    <section className={styles.empty} data-testid="bookings-empty">
      <CalendarOutlined className={styles.emptyIcon} aria-hidden="true" />
      <h2>{agent ? 'No bookings shared with you yet' : 'No bookings yet'}</h2>
      <p>
        {agent
          ? 'When a visitor of a conversation shared with you books a meeting, it shows up here.'
          : 'When a visitor books a meeting in your widget, it shows up here at once, and you get a notification and an email.'}
      </p>
    </section>
  );
}
