import {
  ArrowRightOutlined,
  ClockCircleOutlined,
  EnvironmentOutlined,
  MailOutlined,
} from '@/components/public-icons';
import { JOB_TYPE_LABELS } from '@parley/contracts/validation';
import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/marketing/PageHeader';
import type { OpenJob } from '@/lib/api/public-content';
import { openJobs } from '@/lib/server/public-content';
import { runtimeConfig } from '@/lib/server/runtime-config';
import styles from './careers.module.css';

export const metadata: Metadata = { title: 'Careers' };

const VALUES = [
  {
    title: 'Support is the product',
    text: 'Every conversation on a customer’s site is someone asking for help. We build for the person on the other end of the chat first.',
  },
  {
    title: 'Honest software',
    text: 'The assistant says when it does not know, a hand-off keeps the whole story, and our pricing page is the whole price.',
  },
  {
    title: 'Small steps, shipped',
    text: 'We prefer a small change in front of customers this week to a big plan next quarter, and we write down why we chose it.',
  },
  {
    title: 'Own it end to end',
    text: 'The person who builds a feature also tests it, ships it and reads the feedback about it.',
  },
];

const HOW_WE_WORK = [
  {
    title: 'Remote first',
    text: 'We work across time zones with a few hours of overlap a day, and meet in person twice a year.',
  },
  {
    title: 'Written by default',
    text: 'Decisions, designs and incidents are written up so anyone can catch up without a meeting.',
  },
  {
    title: 'Everyone does support',
    text: 'Each of us spends time in the support inbox every month. It is the fastest way to learn what to build.',
  },
  { title: 'Time to think', text: 'Meetings are few and short. Most of the week is for focused work.' },
];

const APPLY_STEPS = [
  'Open the role and fill in the form: your name, your email and a few lines about you.',
  'Attach your CV as a PDF, and add links to your LinkedIn, GitHub or something you built or wrote that you are proud of.',
  'We reply to every application within two weeks, and tell you how the process goes from there.',
];

/** The open roles, by team. */
function byTeam(jobs: OpenJob[]): [string, OpenJob[]][] {
  const teams = new Map<string, OpenJob[]>();
  for (const job of jobs) teams.set(job.team, [...(teams.get(job.team) ?? []), job]);
  return [...teams];
}

export default async function CareersPage() {
  const { contact } = runtimeConfig();
  const jobs = await openJobs();
  return (
    <>
      <PageHeader
        eyebrow="Careers"
        title="Help every business answer every customer well"
        lead="Parley is a small team building customer support that is fast when a machine can help and human when it matters. We look for people who care about both."
      />

      <section className={styles.section} aria-labelledby="values">
        <div className="container">
          <h2 id="values" className={styles.heading}>
            What we value
          </h2>
          <ul className={styles.cards}>
            {VALUES.map((v) => (
              <li key={v.title} className={styles.card}>
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.soft}`} aria-labelledby="how-we-work">
        <div className="container">
          <h2 id="how-we-work" className={styles.heading}>
            How we work
          </h2>
          <ul className={styles.list}>
            {HOW_WE_WORK.map((w) => (
              <li key={w.title}>
                <h3>{w.title}</h3>
                <p>{w.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="open-roles">
        <div className={`container ${styles.split}`}>
          <div>
            <h2 id="open-roles" className={styles.heading}>
              Open roles
            </h2>
            {jobs.length === 0 ? (
              <p className={styles.muted} data-testid="no-open-roles">
                There are no positions listed right now. New openings will be published on this page as soon
                as they are approved. We are always glad to hear from engineers, designers and support
                specialists who want to work on this problem, so an open application is welcome any time.
              </p>
            ) : (
              <div className={styles.teams} data-testid="open-roles">
                {byTeam(jobs).map(([team, list]) => (
                  <section key={team} aria-label={team}>
                    <h3 className={styles.team}>{team}</h3>
                    <ul className={styles.roles}>
                      {list.map((job) => (
                        <li key={job.id}>
                          <Link href={`/careers/${job.id}`} className={styles.role} data-testid="open-role">
                            <span className={styles.roleTitle}>{job.title}</span>
                            <span className={styles.roleMeta}>
                              <span>
                                <EnvironmentOutlined /> {job.location}
                              </span>
                              <span>
                                <ClockCircleOutlined /> {JOB_TYPE_LABELS[job.type]}
                              </span>
                            </span>
                            <ArrowRightOutlined className={styles.roleArrow} aria-hidden />
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            )}
          </div>
          <div className={styles.apply}>
            <h2 className={styles.heading}>How to apply</h2>
            <ol>
              {APPLY_STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p className={styles.muted} style={{ marginBottom: 14 }}>
              No role that fits? Write to us with an open application.
            </p>
            <a className={styles.mail} href={`mailto:${contact.careers}?subject=Application`}>
              <MailOutlined /> {contact.careers}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
