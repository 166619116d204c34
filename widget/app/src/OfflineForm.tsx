import { newClientId } from '@parley/chat-display';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, widgetApi } from './api';
import { Icon } from './icons';
import type { VisitorSessions } from './session';
import { useModal } from './use-modal';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Issue 17: outside business hours a request for a person becomes this form. The email and the
 * message go to the team (the conversation turns unread, the owner is mailed once); the message
 * also shows in the chat as the visitor's.
 */
export function OfflineForm({
  note,
  sessions,
  onClose,
  onSent,
}: {
  note: string;
  sessions: VisitorSessions;
  onClose: () => void;
  onSent: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref, onClose);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One id for this form's message: a second press after a lost answer posts nothing twice.
  const [clientId] = useState(newClientId);
  const valid = EMAIL_PATTERN.test(email.trim()) && message.trim().length > 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const session = await sessions.ensure();
      const sent = await widgetApi.offlineMessage(session.token, {
        email: email.trim(),
        message: message.trim(),
        clientId,
      });
      sessions.adopt({ ...session, ...sent.session });
      onSent();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Your message could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="pw-overlay"
      role="dialog"
      aria-modal="true"
      aria-label="Leave a message"
      data-testid="offline-form"
    >
      <div className="pw-dialog pw-flow" ref={ref}>
        <button type="button" className="pw-dialog-close" onClick={onClose} aria-label="Close">
          <Icon name="close" size={14} />
        </button>
        <h2>Leave a message</h2>
        <p className="pw-muted" data-testid="offline-form-note">
          {note}
        </p>
        <form className="pw-form" onSubmit={submit}>
          <label>
            <span>Email</span>
            <input
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
              required
              data-testid="offline-email"
            />
          </label>
          <label>
            <span>Message</span>
            <textarea
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              rows={4}
              maxLength={4000}
              required
              data-testid="offline-message"
            />
          </label>
          {error && (
            <p className="pw-field-error" role="alert">
              {error}
            </p>
          )}
          <div className="pw-flow-actions">
            <button type="submit" className="pw-primary" disabled={!valid || busy} data-testid="offline-send">
              Send message
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
