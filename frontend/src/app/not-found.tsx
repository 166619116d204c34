import { CompassOutlined } from '@/components/public-icons';
import { Logo } from '@/components/brand/Logo';
import { StatusMessage } from '@/components/status/StatusMessage';
import { ButtonLink } from '@/components/ui/Button';
import styles from './not-found.module.css';

export default function NotFound() {
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <Logo />
      </header>
      <main className={styles.main}>
        <StatusMessage
          icon={<CompassOutlined />}
          title="We could not find that page"
          actions={
            <>
              <ButtonLink href="/" variant="primary" size="large">
                Go to the home page
              </ButtonLink>
              <ButtonLink href="/dashboard" size="large">
                Open your dashboard
              </ButtonLink>
            </>
          }
        >
          <p>The link may be out of date, or the page may have moved.</p>
        </StatusMessage>
      </main>
    </div>
  );
}
