import {
  CalendarOutlined,
  CustomerServiceOutlined,
  InboxOutlined,
  MailOutlined,
  RobotOutlined,
  SkinOutlined,
} from '@/components/public-icons';
import type { ReactNode } from 'react';
import { Section } from './Section';
import styles from './Features.module.css';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <RobotOutlined />,
    title: 'An assistant that knows your business',
    text: 'Teach it with your FAQs, products and help articles. It answers in your tone, around the clock, and says so when it is not sure.',
  },
  {
    icon: <CustomerServiceOutlined />,
    title: 'Live hand-off to your team',
    text: 'Switch any conversation to live support in one click. The assistant steps back, your agent sees the whole history, and the visitor never repeats themselves.',
  },
  {
    icon: <InboxOutlined />,
    title: 'One inbox for every site',
    text: 'Conversations from all your domains in one place, filtered by unread, live and shared, with a summary and sentiment for each.',
  },
  {
    icon: <CalendarOutlined />,
    title: 'Bookings and sales in the chat',
    text: 'Visitors book a meeting or buy a product without leaving the conversation, after answering the questions you need first.',
  },
  {
    icon: <SkinOutlined />,
    title: 'A widget that looks like you',
    text: 'Your colours, logo, icon style, welcome message and home layout, with links and popular topics that point to your help centre.',
  },
  {
    icon: <MailOutlined />,
    title: 'Follow up by email',
    text: 'Visitors who leave their email become contacts you can reach later with campaigns from the same dashboard.',
  },
];

const STEPS = [
  {
    title: 'Add your site',
    text: 'Create an account, add your domain and paste one script tag into your pages.',
  },
  {
    title: 'Teach the assistant',
    text: 'Describe your business, add questions and answers, products and booking types.',
  },
  {
    title: 'Go live',
    text: 'Visitors get instant answers; your team is notified whenever a person should step in.',
  },
];

export function Features() {
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="Everything your support needs in one small widget"
      lead="Parley handles the questions you answer every day, and makes the hand-off to a person feel seamless when the conversation needs one."
    >
      <ul className={styles.grid}>
        {FEATURES.map((f) => (
          <li key={f.title} className={styles.card}>
            <span className={styles.icon} aria-hidden="true">
              {f.icon}
            </span>
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>

      <div className={styles.steps} aria-labelledby="how-it-works">
        <h3 id="how-it-works" className={styles.stepsTitle}>
          Up and running in an afternoon
        </h3>
        <ol className={styles.stepList}>
          {STEPS.map((s, i) => (
            <li key={s.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h4>{s.title}</h4>
                <p>{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </Section>
  );
}
