import { billingDetailsErrors, priceOrder, type BillingDetailsFields } from '@parley/contracts/payments';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError, widgetApi } from './api';
import { paymentsApi } from './api-payments';
import { QuestionsStep } from './BookingFlow';
import { Icon } from './icons';
import {
  formatCents,
  galleryOf,
  maxQuantity,
  PAYMENT_STEP_TITLES,
  PAYMENT_TEXTS,
  type PaymentStep,
} from './payment';
import { currentCurrency, formatPrice, optionDisabled } from './price';
import type { VisitorSessions } from './session';
import { loadStripe, type StripeCardElement, type StripeLike } from './stripe-loader';
import type { CustomerQuestion, Product } from './types';

type Loaded = { kind: 'loading' } | { kind: 'ready'; stripe: StripeLike } | { kind: 'failed' };

const EMPTY_DETAILS: BillingDetailsFields = {
  name: '',
  email: '',
  address: { line1: '', line2: '', city: '', postal_code: '', state: '', country: 'US' },
};

/**
 * Spec screen 14, type Payment: 'Details' (the domain's questions, skipped when all are
 * answered), 'Complete Your Purchase' (order summary with the image gallery and variants, the
 * payment form, 'Complete Purchase'), 'Thank You'. The total is the shop's price for the choices;
 * the gateway computes it again and the card is charged that, never an amount from here.
 */
export function PaymentFlow({
  product,
  sessions,
  initialChoices,
  onClose,
  onToast,
}: {
  product: Product;
  sessions: VisitorSessions;
  initialChoices?: Record<string, string>;
  onClose: () => void;
  onToast: (text: string) => void;
}) {
  const [step, setStep] = useState<PaymentStep | null>(null);
  const [questions, setQuestions] = useState<CustomerQuestion[]>([]);
  const [paid, setPaid] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    sessions
      .ensure()
      .then((s) => widgetApi.questions(s.token))
      .then((qs) => {
        if (cancelled) return;
        setQuestions(qs);
        setStep(qs.every((q) => q.answered) ? 2 : 1);
      })
      .catch(() => !cancelled && setStep(2));
    return () => {
      cancelled = true;
    };
  }, [sessions]);

  return (
    <div
      className="pw-overlay"
      role="dialog"
      aria-modal="true"
      aria-label="Complete Your Purchase"
      data-testid="payment"
    >
      <div className="pw-dialog pw-flow">
        <button type="button" className="pw-dialog-close" onClick={onClose} aria-label="Close">
          <Icon name="close" size={14} />
        </button>
        <div
          className="pw-progress"
          role="progressbar"
          aria-valuenow={step ? Math.round((step / 3) * 100) : 0}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${step ? Math.round((step / 3) * 100) : 0}%` }} />
        </div>
        {step && <h2 data-testid="payment-step-title">{PAYMENT_STEP_TITLES[step]}</h2>}
        {step === 1 && (
          <QuestionsStep
            questions={questions}
            sessions={sessions}
            onDone={(qs) => {
              setQuestions(qs);
              setStep(2);
            }}
          />
        )}
        {step === 2 && (
          <PurchaseStep
            product={product}
            sessions={sessions}
            initialChoices={initialChoices ?? {}}
            onCancel={onClose}
            onPaid={(summary) => {
              setPaid(summary);
              onToast('Payment complete');
              setStep(3);
            }}
          />
        )}
        {step === 3 && (
          <div className="pw-thanks" data-testid="payment-thanks">
            <p>Thank you for your purchase!</p>
            {paid && <p>{paid}</p>}
            <p>The shop has received your order.</p>
            <button type="button" className="pw-primary" onClick={onClose}>
              Close
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** Each field's first message ('address.city' for nested ones): the API's rules and texts. */
const detailsErrors = billingDetailsErrors;

const trimmed = (d: BillingDetailsFields) => ({
  name: d.name.trim(),
  email: d.email.trim().toLowerCase(),
  address: {
    line1: d.address.line1.trim(),
    line2: d.address.line2?.trim() || undefined,
    city: d.address.city.trim(),
    postal_code: d.address.postal_code.trim(),
    state: d.address.state.trim(),
    country: (d.address.country || 'US').trim().toUpperCase(),
  },
});

function PurchaseStep({
  product,
  sessions,
  initialChoices,
  onCancel,
  onPaid,
}: {
  product: Product;
  sessions: VisitorSessions;
  initialChoices: Record<string, string>;
  onCancel: () => void;
  onPaid: (summary: string) => void;
}) {
  const gallery = galleryOf(product);
  const [shown, setShown] = useState(0);
  const [choices, setChoices] = useState<Record<string, string>>(initialChoices);
  const [quantity, setQuantity] = useState(1);
  const [details, setDetails] = useState<BillingDetailsFields>(EMPTY_DETAILS);
  const [touched, setTouched] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cardHost = useRef<HTMLDivElement>(null);
  const card = useRef<StripeCardElement | null>(null);

  useEffect(() => {
    let live = true;
    paymentsApi
      .config()
      .then((c) => {
        if (!c.enabled) throw new Error('payments are not configured');
        return loadStripe(c.scriptUrl, c.publishableKey);
      })
      .then(
        (stripe) => live && setLoaded({ kind: 'ready', stripe }),
        () => live && setLoaded({ kind: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (loaded.kind !== 'ready' || !cardHost.current) return;
    const element = loaded.stripe.elements().create('card', { hidePostalCode: true });
    element.mount(cardHost.current);
    card.current = element;
    return () => {
      element.destroy();
      card.current = null;
    };
  }, [loaded]);

  const max = maxQuantity(product, choices);
  const priced = useMemo(() => {
    try {
      return {
        ok: true as const,
        order: priceOrder(product, { productId: product.id, variants: choices, quantity }, currentCurrency()),
      };
    } catch (e) {
      return { ok: false as const, message: e instanceof Error ? e.message : 'Choose your options' };
    }
  }, [product, choices, quantity]);
  const errors = touched ? detailsErrors(details) : {};
  const set = (field: 'name' | 'email', value: string) => setDetails((d) => ({ ...d, [field]: value }));
  const setAddress = (field: keyof BillingDetailsFields['address'], value: string) =>
    setDetails((d) => ({ ...d, address: { ...d.address, [field]: value } }));

  if (loaded.kind === 'failed')
    return (
      <div className="pw-pay-error" data-testid="payment-system-error">
        <h3>Payment System Error</h3>
        <p>{PAYMENT_TEXTS.loadFailed}</p>
        <div className="pw-flow-actions">
          <button type="button" className="pw-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="pw-primary" onClick={() => window.location.reload()}>
            Refresh Page
          </button>
        </div>
      </div>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setError(null);
    if (!priced.ok) return setError(priced.message);
    if (Object.keys(detailsErrors(details)).length) return;
    if (loaded.kind !== 'ready') return setError(PAYMENT_TEXTS.notReady);
    if (!card.current) return setError(PAYMENT_TEXTS.noCard);
    setProcessing(true);
    try {
      const session = await sessions.ensure();
      let intent: { clientSecret: string; amountCents: number; description: string };
      try {
        intent = await paymentsApi.intent(session.token, {
          productId: product.id,
          variants: choices,
          quantity,
          billingDetails: trimmed(details),
        });
      } catch (err) {
        return setError(
          err instanceof ApiError && err.status !== 500 ? err.message : PAYMENT_TEXTS.intentFailed,
        );
      }
      const parsed = trimmed(details);
      const result = await loaded.stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: {
          card: card.current,
          billing_details: {
            name: parsed.name,
            email: parsed.email,
            address: parsed.address,
          },
        },
      });
      if (result.error) return setError(result.error.message || PAYMENT_TEXTS.paymentFailed);
      if (result.paymentIntent?.status !== 'succeeded') return setError(PAYMENT_TEXTS.paymentFailed);
      onPaid(`${intent.description}: ${formatCents(intent.amountCents)}`);
    } finally {
      setProcessing(false);
    }
  };

  const field = (label: string, key: string, input: React.ReactNode) => (
    <label className={errors[key] ? 'pw-invalid' : undefined}>
      <span>{label}</span>
      {input}
      {errors[key] && <small className="pw-field-error">{errors[key]}</small>}
    </label>
  );

  return (
    <form className="pw-form pw-purchase" onSubmit={submit} noValidate data-testid="payment-form">
      <section className="pw-order" data-testid="order-summary">
        {gallery.length > 0 && (
          <div className="pw-gallery">
            <img src={gallery[shown]} alt={product.name} />
            {gallery.length > 1 && (
              <div className="pw-thumbs">
                {gallery.map((src, i) => (
                  <button
                    type="button"
                    key={src}
                    aria-label={`Picture ${i + 1}`}
                    aria-pressed={i === shown}
                    onClick={() => setShown(i)}
                  >
                    <img src={src} alt="" />
                  </button>
                ))}
              </div>
            )}
          </div>
        )}
        <strong>{product.name}</strong>
        {product.variants?.map((v) => (
          <fieldset key={v.name} className="pw-variant">
            <legend>{v.name}</legend>
            {v.options.map((o) => (
              <button
                type="button"
                key={o.value}
                disabled={optionDisabled(v.trackQuantity, o)}
                aria-pressed={choices[v.name] === o.value}
                onClick={() => setChoices((c) => ({ ...c, [v.name]: o.value }))}
                data-testid="payment-variant-option"
              >
                {o.value}
                {o.priceAdjustment
                  ? ` (${o.priceAdjustment > 0 ? '+' : ''}${formatPrice(o.priceAdjustment)})`
                  : ''}
              </button>
            ))}
          </fieldset>
        ))}
        <label className="pw-quantity">
          <span>Quantity</span>
          <input
            type="number"
            min={1}
            max={Math.max(1, max)}
            value={quantity}
            onChange={(e) =>
              setQuantity(Math.max(1, Math.min(Math.max(1, max), Number(e.target.value) || 1)))
            }
          />
        </label>
        <p className="pw-total" data-testid="order-total">
          Total: <b>{priced.ok ? formatCents(priced.order.amountCents) : '—'}</b>
        </p>
      </section>
      {field(
        'Full name',
        'name',
        <input value={details.name} onChange={(e) => set('name', e.target.value)} autoComplete="name" />,
      )}
      {field(
        'Email',
        'email',
        <input
          type="email"
          value={details.email}
          onChange={(e) => set('email', e.target.value)}
          autoComplete="email"
        />,
      )}
      {field(
        'Address line 1',
        'address.line1',
        <input
          value={details.address.line1}
          onChange={(e) => setAddress('line1', e.target.value)}
          autoComplete="address-line1"
        />,
      )}
      {field(
        'Address line 2 (optional)',
        'address.line2',
        <input
          value={details.address.line2 ?? ''}
          onChange={(e) => setAddress('line2', e.target.value)}
          autoComplete="address-line2"
        />,
      )}
      <div className="pw-pair">
        {field(
          'City',
          'address.city',
          <input value={details.address.city} onChange={(e) => setAddress('city', e.target.value)} />,
        )}
        {field(
          'Postal code',
          'address.postal_code',
          <input
            value={details.address.postal_code}
            onChange={(e) => setAddress('postal_code', e.target.value)}
          />,
        )}
      </div>
      <div className="pw-pair">
        {field(
          'State/province',
          'address.state',
          <input value={details.address.state} onChange={(e) => setAddress('state', e.target.value)} />,
        )}
        {field(
          'Country',
          'address.country',
          <input
            value={details.address.country}
            maxLength={2}
            onChange={(e) => setAddress('country', e.target.value.toUpperCase())}
          />,
        )}
      </div>
      <label>
        <span>Card</span>
        <div className="pw-card" ref={cardHost} data-testid="widget-card-element">
          {loaded.kind === 'loading' && <span className="pw-muted">Loading the payment form…</span>}
        </div>
      </label>
      {error && (
        <p className="pw-form-error" role="alert" data-testid="payment-error">
          {error}
        </p>
      )}
      <div className="pw-flow-actions">
        <button type="submit" className="pw-primary" disabled={loaded.kind !== 'ready' || processing}>
          {processing ? 'Processing…' : 'Complete Purchase'}
        </button>
      </div>
    </form>
  );
}
