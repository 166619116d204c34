'use client';

import { CheckCircleFilled, CloseCircleFilled } from '@/components/public-icons';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { api } from '@/lib/api/client';
import { errorSentence } from '@/lib/api/errors';
import styles from './Newsletter.module.css';

/** The schemas, fetched on the form's first use (see newsletter-validation.ts). */
const validation = () => import('./newsletter-validation');

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'subscribed'; message: string }
  | { kind: 'failed'; message: string };

/**
 * The field's state: `issue` is the message under it, undefined while the address is fine; ''
 * marks it wrong without words (spec section 5 shows no 'Required').
 */
interface Field {
  value: string;
  issue: string | undefined;
}

/**
 * #newsletter: POST /api/newsletter { email }, showing exactly what the server answered. The
 * address is checked when the field loses focus and on submit, against the sign-up's schema.
 */
export function Newsletter() {
  const [field, setField] = useState<Field>({ value: '', issue: undefined });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const errorId = useId();
  /**
   * The Subscribe button is being pressed: the field's blur then waits for the submit, which
   * checks it anyway. Checking on that blur would drop a shown message between press and release
   * and move the button (on phones it sits under the message) away from the pointer.
   */
  const pressingSubmit = useRef(false);

  async function check(value: string): Promise<boolean> {
    const issue = (await validation()).newsletterEmailIssue({ email: value });
    setField((f) => (f.value === value ? { ...f, issue } : f));
    return issue === undefined;
  }

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const email = field.value;
    if (!(await check(email))) return;
    setStatus({ kind: 'sending' });
    try {
      const { newsletterAnswerSchema } = await validation();
      const answer = await api('/newsletter', {
        method: 'POST',
        body: { email: email.trim() },
        schema: newsletterAnswerSchema,
      });
      const message =
        answer?.message ?? answer?.data?.message ?? `Thanks! Product updates will go to ${email.trim()}.`;
      setStatus({ kind: 'subscribed', message });
      setField({ value: '', issue: undefined });
    } catch (error) {
      setStatus({ kind: 'failed', message: errorSentence(error) });
    }
  }

  const invalid = field.issue !== undefined;
  const shownIssue = invalid && field.issue !== '';

  return (
    <section id="newsletter" className={styles.section} aria-labelledby="newsletter-title">
      <div className="container">
        <div className={styles.panel}>
          <div className={styles.copy}>
            <h2 id="newsletter-title">Get product updates</h2>
            <p>
              One short email when we ship something worth knowing about, plus practical ideas for running
              support. No spam, unsubscribe in one click.
            </p>
          </div>
          <div className={styles.formWrap}>
            <form onSubmit={subscribe} noValidate className={styles.form} aria-label="Newsletter sign-up">
              <div className={styles.field}>
                <label htmlFor="newsletter-email" className="visually-hidden">
                  Email address
                </label>
                <input
                  id="newsletter-email"
                  name="email"
                  type="email"
                  placeholder="you@company.com"
                  autoComplete="email"
                  className={`${styles.input} ${invalid ? styles.inputInvalid : ''}`}
                  value={field.value}
                  onChange={(e) => setField((f) => ({ ...f, value: e.target.value }))}
                  onBlur={(e) => {
                    if (!pressingSubmit.current) void check(e.target.value);
                  }}
                  aria-invalid={invalid || undefined}
                  aria-describedby={shownIssue ? errorId : undefined}
                />
                {shownIssue && (
                  <p
                    id={errorId}
                    role="alert"
                    className={styles.fieldError}
                    data-testid="newsletter-field-error"
                  >
                    {field.issue}
                  </p>
                )}
              </div>
              <Button
                type="submit"
                size="large"
                loading={status.kind === 'sending'}
                className={styles.submit}
                onPointerDown={() => (pressingSubmit.current = true)}
                onPointerUp={() => (pressingSubmit.current = false)}
                onPointerCancel={() => (pressingSubmit.current = false)}
                onPointerLeave={() => (pressingSubmit.current = false)}
              >
                Subscribe
              </Button>
            </form>
            <div aria-live="polite" className={styles.status}>
              {status.kind === 'subscribed' && (
                <p className={styles.success} data-testid="newsletter-success">
                  <CheckCircleFilled /> {status.message}
                </p>
              )}
              {status.kind === 'failed' && (
                <div role="alert" className={styles.alert} data-testid="newsletter-error">
                  <CloseCircleFilled className={styles.alertIcon} />
                  <div>
                    <p className={styles.alertTitle}>We could not subscribe you</p>
                    <p className={styles.alertText}>{status.message}</p>
                  </div>
                </div>
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
