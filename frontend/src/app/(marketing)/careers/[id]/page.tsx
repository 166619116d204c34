import { ClockCircleOutlined, EnvironmentOutlined, TeamOutlined } from '@/components/public-icons';
import { JOB_TYPE_LABELS } from '@parley/contracts/validation';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ApplicationForm } from '@/components/careers/ApplicationForm';
import richText from '@/components/editorial/RichText.module.css';
import { PageHeader } from '@/components/marketing/PageHeader';
import { openJob } from '@/lib/server/public-content';
import { AntdRoot } from '@/lib/theme/AntdRoot';
import styles from './job.module.css';

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const job = await openJob((await params).id);
  if (!job) return { title: 'Position not found' };
  return {
    title: `${job.title} — Careers`,
    description: `${job.title} at Parley: ${job.team}, ${job.location}, ${JOB_TYPE_LABELS[job.type].toLowerCase()}.`,
  };
}

/** /careers/{id}: an open position and its application form; a closed or unknown one is 404. */
export default async function JobPage({ params }: Params) {
  const job = await openJob((await params).id);
  if (!job) notFound();
  return (
    <>
      <PageHeader
        eyebrow="Careers"
        title={job.title}
        meta={
          <span className={styles.facts}>
            <span>
              <TeamOutlined /> {job.team}
            </span>
            <span>
              <EnvironmentOutlined /> {job.location}
            </span>
            <span>
              <ClockCircleOutlined /> {JOB_TYPE_LABELS[job.type]}
            </span>
          </span>
        }
      />
      <section className={styles.section}>
        <div className={`container ${styles.layout}`}>
          <div>
            {/* Sanitised by the content service before it was kept. */}
            <div
              className={richText.rich}
              dangerouslySetInnerHTML={{ __html: job.description }}
              data-testid="job-description"
            />
            <Link href="/careers" className={styles.back}>
              ← All open roles
            </Link>
          </div>
          <aside className={styles.apply} aria-labelledby="apply-heading">
            <h2 id="apply-heading">Apply for this role</h2>
            {/* The one antd form left on the public pages: it loads with this page only. */}
            <AntdRoot>
              <ApplicationForm jobId={job.id} jobTitle={job.title} />
            </AntdRoot>
          </aside>
        </div>
      </section>
    </>
  );
}
