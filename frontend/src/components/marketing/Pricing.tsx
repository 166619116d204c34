import { CheckOutlined } from '@/components/public-icons';
import { ButtonLink } from '@/components/ui/Button';
import { plansResponseSchema, type CatalogPlan } from '@/lib/api/types';
import { formatCount, formatDomains, priceParts } from '@/lib/format/plan';
import { gatewayJson } from '@/lib/server/gateway';
import { Section } from './Section';
import styles from './Pricing.module.css';

/** Figures shown in the table above; the features that repeat them are left out of the list below. */
const COVERED_BY_SPECS = /request|domain|contact|email/i;

async function loadPlans(): Promise<CatalogPlan[] | null> {
  try {
    return (await gatewayJson('/plans', plansResponseSchema)).data;
  } catch (error) {
    console.error('frontend: could not load plans', error instanceof Error ? error.message : error);
    return null;
  }
}

function PlanCard({ plan, featured }: { plan: CatalogPlan; featured: boolean }) {
  const price = priceParts(plan.priceCents);
  const free = plan.priceCents === 0;
  const extras = plan.features.filter((f) => !COVERED_BY_SPECS.test(f));
  return (
    <article
      className={`${styles.card} ${featured ? styles.featured : ''}`}
      data-testid={`plan-${plan.id}`}
      aria-labelledby={`plan-${plan.id}-name`}
    >
      {featured && <p className={styles.ribbon}>Recommended</p>}
      <h3 id={`plan-${plan.id}-name`} className={styles.name}>
        {plan.name}
      </h3>
      <p className={styles.description}>{plan.description}</p>
      <p className={styles.price} data-testid={`plan-${plan.id}-price`}>
        <span className={styles.amount}>{price.amount}</span>
        <span className={styles.period}>{price.period}</span>
      </p>
      <p className={styles.billing}>
        {free ? 'Free forever, no card needed' : 'Billed monthly, cancel any time'}
      </p>

      <dl className={styles.specs}>
        <div>
          <dt>Chatbot requests a month</dt>
          <dd>{formatCount(plan.credits)}</dd>
        </div>
        <div>
          <dt>Domains</dt>
          <dd data-testid={`plan-${plan.id}-domains`}>{formatDomains(plan.maxDomains)}</dd>
        </div>
        {plan.contacts !== undefined && (
          <div>
            <dt>Contacts</dt>
            <dd>{formatCount(plan.contacts)}</dd>
          </div>
        )}
        {plan.emailsPerMonth !== undefined && (
          <div>
            <dt>Marketing emails a month</dt>
            <dd>{formatCount(plan.emailsPerMonth)}</dd>
          </div>
        )}
      </dl>

      {extras.length > 0 && (
        <ul className={styles.features}>
          {extras.map((f) => (
            <li key={f}>
              <CheckOutlined aria-hidden="true" /> {f}
            </li>
          ))}
        </ul>
      )}

      <div className={styles.cta}>
        <ButtonLink
          href={`/auth/sign-up?plan=${plan.id}`}
          variant={featured ? 'primary' : 'default'}
          size="large"
          block
        >
          {free ? 'Start for free' : `Get ${plan.name}`}
        </ButtonLink>
      </div>
    </article>
  );
}

export async function Pricing({ salesEmail }: { salesEmail: string }) {
  const plans = await loadPlans();
  const paid = plans?.filter((p) => p.priceCents > 0) ?? [];
  const featuredId = paid.length
    ? paid.reduce((a, b) => (b.priceCents > a.priceCents ? b : a)).id
    : undefined;

  return (
    <Section
      id="pricing"
      tone="soft"
      eyebrow="Pricing"
      title="Simple plans that grow with you"
      lead="Start free on one site. Upgrade when you need more conversations, more domains and your own branding."
    >
      {plans && plans.length > 0 ? (
        <div className={styles.grid}>
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} featured={plan.id === featuredId} />
          ))}
        </div>
      ) : (
        <div className={styles.unavailable} role="status" data-testid="pricing-unavailable">
          <h3>Our plans could not be loaded just now</h3>
          <p>
            Please refresh the page in a moment. If you would rather talk to us, write to{' '}
            <a href={`mailto:${salesEmail}`}>{salesEmail}</a>.
          </p>
        </div>
      )}
      {plans && plans.length > 0 && (
        <p className={styles.note}>
          Need more than these plans offer? <a href={`mailto:${salesEmail}`}>Talk to us</a> about usage-based
          pricing.
        </p>
      )}
    </Section>
  );
}
