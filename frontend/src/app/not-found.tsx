import { CompassOutlined } from '@/components/public-icons';
import { Button } from 'antd';
import Link from 'next/link';
import { Logo } from '@/components/brand/Logo';
import { StatusMessage } from '@/components/status/StatusMessage';
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
              <Link href="/">
                <Button type="primary" size="large">
                  Go to the home page
                </Button>
              </Link>
              <Link href="/dashboard">
                <Button size="large">Open your dashboard</Button>
              </Link>
            </>
          }
        >
          <p>The link may be out of date, or the page may have moved.</p>
        </StatusMessage>
      </main>
    </div>
  );
}
