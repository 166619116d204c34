import { BarChartOutlined, EditOutlined, SearchOutlined } from '@/components/public-icons';
import { Section } from './Section';
import styles from './CustomerFeedback.module.css';

const POINTS = [
  {
    icon: <EditOutlined />,
    title: 'Your question, in your words',
    text: 'Choose what to ask, the labels of the yes and no buttons, and the follow-up visitors see when something went wrong.',
  },
  {
    icon: <BarChartOutlined />,
    title: 'Sentiment on every conversation',
    text: 'Each conversation gets a summary, its main issue and whether the customer left positive, neutral or negative.',
  },
  {
    icon: <SearchOutlined />,
    title: 'Find the gaps in your answers',
    text: 'Unhelpful answers point to the questions your assistant should learn next, so it gets better every week.',
  },
];

/** #customer-feedback: how Parley collects feedback from your visitors after each chat. */
export function CustomerFeedback({ supportEmail }: { supportEmail: string }) {
  return (
    <Section
      id="customer-feedback"
      eyebrow="Customer feedback"
      title="Hear what customers think after every conversation"
      lead="Parley can end each chat with one short question. The answers land next to the conversation, so you see which replies helped and which need work."
    >
      <div className={styles.layout}>
        <figure className={styles.demo} aria-label="Example of the feedback question at the end of a chat">
          <div className={styles.demoCard}>
            <p className={styles.demoLabel}>At the end of a chat</p>
            <p className={styles.demoQuestion}>Was this conversation helpful?</p>
            <div className={styles.demoButtons} aria-hidden="true">
              <span className={styles.yes}>Yes, thanks!</span>
              <span className={styles.no}>Not really</span>
            </div>
            <div className={styles.demoFollowUp}>
              <p className={styles.demoLabel}>If they pick “Not really”</p>
              <p>Sorry about that. What could we have done better?</p>
            </div>
          </div>
        </figure>
        <ul className={styles.points}>
          {POINTS.map((p) => (
            <li key={p.title}>
              <span className={styles.icon} aria-hidden="true">
                {p.icon}
              </span>
              <div>
                <h3>{p.title}</h3>
                <p>{p.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <p className={styles.ours}>
        Already using Parley? We read every note you send us:{' '}
        <a href={`mailto:${supportEmail}?subject=Feedback%20on%20Parley`}>tell us what to build next</a>.
      </p>
    </Section>
  );
}
