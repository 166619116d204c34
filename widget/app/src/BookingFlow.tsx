import { BOOKING_SLOTS, DEFAULT_APPOINTMENT_NAME } from '@parley/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { widgetApi } from './api';
import {
  canShowMonth,
  EMAIL_PATTERN,
  dayTitle,
  emailFromAnswers,
  firstStep,
  monthGrid,
  monthTitle,
  nextMonth,
  progressPercent,
  STEP_TITLES,
  type BookingStep,
} from './booking';
import { Icon } from './icons';
import type { VisitorSessions } from './session';
import type { AppointmentType, CustomerQuestion } from './types';

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

/** Spec screen 14 for appointments: 'Details' (questions), 'Book a meeting', 'Thank You'. */
export function BookingFlow({
  domainId,
  sessions,
  appointmentType,
  onClose,
  onToast,
}: {
  domainId: string;
  sessions: VisitorSessions;
  appointmentType: AppointmentType | null;
  onClose: () => void;
  onToast: (text: string) => void;
}) {
  const [step, setStep] = useState<BookingStep | null>(null);
  const [questions, setQuestions] = useState<CustomerQuestion[]>([]);
  const [failed, setFailed] = useState(false);
  const [booked, setBooked] = useState<{ date: string; slot: string } | null>(null);

  useEffect(() => {
    let cancelled = false;
    sessions
      .ensure()
      .then((s) => widgetApi.questions(s.token))
      .then((qs) => {
        if (cancelled) return;
        setQuestions(qs);
        setStep(firstStep(qs));
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [sessions]);

  return (
    <div
      className="pw-overlay"
      role="dialog"
      aria-modal="true"
      aria-label="Book a meeting"
      data-testid="booking"
    >
      <div className="pw-dialog pw-flow">
        <button type="button" className="pw-dialog-close" onClick={onClose} aria-label="Close">
          <Icon name="close" size={14} />
        </button>
        <div
          className="pw-progress"
          role="progressbar"
          aria-valuenow={step ? progressPercent(step) : 0}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${step ? progressPercent(step) : 0}%` }} />
        </div>
        {step && <h2 data-testid="booking-step-title">{STEP_TITLES[step]}</h2>}
        {failed && <p className="pw-muted">The booking form could not be loaded. Please try again later.</p>}
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
          <MeetingStep
            domainId={domainId}
            sessions={sessions}
            appointmentType={appointmentType}
            givenEmail={emailFromAnswers(questions)}
            // Nothing to edit when the domain asks no questions.
            onEditQuestions={questions.length > 0 ? () => setStep(1) : null}
            onBooked={(b) => {
              setBooked(b);
              onToast('Your meeting is booked');
              setStep(3);
            }}
          />
        )}
        {step === 3 && (
          <div className="pw-thanks" data-testid="booking-thanks">
            <p>
              {appointmentType?.name ?? DEFAULT_APPOINTMENT_NAME}
              {booked && ` on ${dayTitle(new Date(`${booked.date}T00:00:00`))} at ${booked.slot}`}.
            </p>
            <p>Your booking is confirmed.</p>
            <button type="button" className="pw-primary" onClick={onClose}>
              Close
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

export function QuestionsStep({
  questions,
  sessions,
  onDone,
}: {
  questions: CustomerQuestion[];
  sessions: VisitorSessions;
  onDone: (qs: CustomerQuestion[]) => void;
}) {
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries(questions.map((q) => [q.id, q.answer ?? ''])),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const filled = questions
      .map((q) => ({ questionId: q.id, answer: (answers[q.id] ?? '').trim() }))
      .filter((a) => a.answer);
    if (questions.some((q) => !(answers[q.id] ?? '').trim())) {
      setError('Please answer every question');
      return;
    }
    setSaving(true);
    try {
      const session = await sessions.ensure();
      onDone(await widgetApi.answer(session.token, filled));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Your answers could not be saved');
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="pw-form" onSubmit={submit} data-testid="booking-questions">
      {questions.map((q) => (
        <label key={q.id}>
          <span>{q.question}</span>
          <input
            value={answers[q.id] ?? ''}
            onChange={(e) => setAnswers((a) => ({ ...a, [q.id]: e.target.value }))}
            maxLength={2000}
          />
        </label>
      ))}
      {error && <p className="pw-error">{error}</p>}
      <button type="submit" className="pw-primary" disabled={saving}>
        Next
      </button>
    </form>
  );
}

function MeetingStep({
  domainId,
  sessions,
  appointmentType,
  givenEmail,
  onEditQuestions,
  onBooked,
}: {
  domainId: string;
  sessions: VisitorSessions;
  appointmentType: AppointmentType | null;
  /** The address the visitor gave in the Details step, if any. */
  givenEmail: string | null;
  onEditQuestions: (() => void) | null;
  onBooked: (b: { date: string; slot: string }) => void;
}) {
  const today = new Date();
  const [month, setMonth] = useState(() => nextMonth(today, 0));
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [taken, setTaken] = useState<string[]>([]);
  // What the visitor gave in this flow first, else the session's address; never what they typed over.
  const [email, setEmail] = useState(givenEmail ?? '');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    sessions
      .ensure()
      .then((s) => setEmail((e) => e || s.email || ''))
      .catch(() => undefined);
  }, [sessions]);

  const loadTaken = useCallback(
    (d: string) =>
      widgetApi
        .takenSlots(domainId, d)
        .then(setTaken)
        .catch(() => setTaken([])),
    [domainId],
  );

  useEffect(() => {
    if (date) void loadTaken(date);
  }, [date, loadTaken]);

  const book = async (e: FormEvent) => {
    e.preventDefault();
    if (!date || !slot || !EMAIL_PATTERN.test(email.trim()) || busy) return;
    setBusy(true);
    try {
      const session = await sessions.ensure();
      await widgetApi.book(session.token, {
        ...(appointmentType ? { appointmentTypeId: appointmentType.id } : {}),
        date,
        slot,
        email: email.trim(),
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      onBooked({ date, slot });
    } catch {
      // Spec: booking errors are silently swallowed; the slot list is refreshed so a slot taken
      // meanwhile shows as taken.
      setSlot(null);
      void loadTaken(date);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="pw-form" onSubmit={book} data-testid="booking-meeting">
      {appointmentType && (
        <p className="pw-booking-type" data-testid="booking-type">
          {appointmentType.name}
        </p>
      )}
      <div className="pw-calendar">
        <div className="pw-calendar-head">
          <button
            type="button"
            aria-label="Previous month"
            disabled={!canShowMonth(nextMonth(month, -1), today)}
            onClick={() => setMonth(nextMonth(month, -1))}
          >
            <Icon name="left" size={12} />
          </button>
          <strong>{monthTitle(month)}</strong>
          <button
            type="button"
            aria-label="Next month"
            disabled={!canShowMonth(nextMonth(month, 1), today)}
            onClick={() => setMonth(nextMonth(month, 1))}
          >
            <Icon name="right" size={12} />
          </button>
        </div>
        <div className="pw-calendar-grid">
          {WEEKDAYS.map((w) => (
            <span key={w} className="pw-weekday">
              {w}
            </span>
          ))}
          {monthGrid(month, today)
            .flat()
            .map((c, i) =>
              c ? (
                <button
                  type="button"
                  key={c.date}
                  disabled={c.disabled}
                  aria-pressed={date === c.date}
                  onClick={() => {
                    setDate(c.date);
                    setSlot(null);
                  }}
                  data-date={c.date}
                >
                  {c.day}
                </button>
              ) : (
                <span key={`blank-${i}`} />
              ),
            )}
        </div>
      </div>
      {date && (
        <div className="pw-slots" data-testid="booking-slots">
          {BOOKING_SLOTS.map((s) => {
            const isTaken = taken.includes(s);
            return (
              <button
                type="button"
                key={s}
                disabled={isTaken}
                data-taken={isTaken || undefined}
                aria-pressed={slot === s}
                onClick={() => setSlot(s)}
                data-slot={s}
              >
                {s}
              </button>
            );
          })}
        </div>
      )}
      <label>
        <span>Email</span>
        <input
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          data-testid="booking-email"
        />
      </label>
      <label>
        <span>Name (optional)</span>
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={120}
          data-testid="booking-name"
        />
      </label>
      <div className="pw-flow-actions">
        {onEditQuestions ? (
          <button type="button" className="pw-text-button" onClick={onEditQuestions}>
            Edit Questions?
          </button>
        ) : (
          <span />
        )}
        <button
          type="submit"
          className="pw-primary"
          disabled={!date || !slot || !EMAIL_PATTERN.test(email.trim()) || busy}
          data-testid="book-now"
        >
          Book Now
        </button>
      </div>
    </form>
  );
}
