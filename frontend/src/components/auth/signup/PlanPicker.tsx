'use client';

import { Segmented } from 'antd';
import { PLANS, PLAN_IDS, type PlanId } from '@parley/contracts/plans';
import { formatDomains, priceParts } from '@/lib/format/plan';
import styles from './signup.module.css';

/** The plan chosen on the pricing section (?plan=), shown and still changeable. */
export function PlanPicker({
  plan,
  onChange,
  readOnly = false,
}: {
  plan: PlanId;
  onChange?: (plan: PlanId) => void;
  readOnly?: boolean;
}) {
  const details = PLANS[plan];
  return (
    <div className={styles.plan} data-testid="selected-plan" data-plan={plan}>
      <div className={styles.planTop}>
        <span className={styles.planLabel}>Your plan</span>
        {readOnly ? (
          <strong>{details.name}</strong>
        ) : (
          <Segmented<PlanId>
            size="small"
            value={plan}
            onChange={(v) => onChange?.(v)}
            options={PLAN_IDS.map((id) => ({ label: PLANS[id].name, value: id }))}
            aria-label="Choose a plan"
          />
        )}
      </div>
      <p className={styles.planSummary}>
        <strong>{priceParts(details.priceCents).full}</strong>
        <span>
          {details.credits.toLocaleString('en-US')} requests a month · {formatDomains(details.maxDomains)}{' '}
          {details.maxDomains === 1 ? 'domain' : 'domains'}
        </span>
      </p>
      {details.priceCents > 0 && !readOnly && (
        <p className={styles.planNote}>
          No card needed now: you set up payment for Pro in your dashboard settings.
        </p>
      )}
    </div>
  );
}
