import { isPending, type LinkAction } from '@parley/chat-display';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Icon } from './icons';
import { Message } from './Message';
import { withoutRepeatedWelcome } from './welcome';
import type { useChat } from './use-chat';

export function ChatTab({
  chat,
  welcome,
  onBook,
  onProduct,
  onCheckout,
  onArticle,
  onOfflineForm,
  offlineNote,
}: {
  chat: ReturnType<typeof useChat>;
  welcome: string;
  onBook: (appointmentTypeId?: string | null) => void;
  onProduct: (id: string) => void;
  onCheckout: (id: string) => void;
  onArticle: (articleId: string) => void;
  /** Issue 17: the assistant offered the offline form (outside business hours). */
  onOfflineForm: () => void;
  /** The owner's note while outside business hours; null in hours. */
  offlineNote: string | null;
}) {
  const { state } = chat;
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [state.messages.length, state.agentTyping, state.botDraft]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state.sending) return;
    const sent = chat.send(text);
    setText('');
    if (!(await sent)) setText((current) => current || text);
  };

  return (
    <div className="pw-chat">
      {offlineNote && (
        <div className="pw-offline" role="note" data-testid="offline-note">
          {offlineNote}
        </div>
      )}
      {/* A log (polite live region): each message is added once under a stable key (its clientId
          while and after it is confirmed), so it is announced once; the typing indicator and the
          draft being written are outside it. */}
      <div className="pw-messages" data-testid="chat-messages">
        <div role="log" aria-label="Messages" className="pw-log">
          <Message message={{ role: 'assistant', content: welcome, createdAt: '' }} />
          {withoutRepeatedWelcome(state.messages, welcome).map((m) => (
            <Message
              key={m.clientId ?? m.id}
              message={m}
              pending={isPending(m)}
              onProduct={onProduct}
              onCheckout={onCheckout}
              onAction={(action: LinkAction) =>
                action.kind === 'booking'
                  ? onBook(action.appointmentTypeId)
                  : action.kind === 'offline-form'
                    ? onOfflineForm()
                    : onArticle(action.articleId)
              }
            />
          ))}
        </div>
        {state.botDraft && (
          <div data-testid="chat-bot-draft">
            <Message message={{ role: 'assistant', content: state.botDraft, createdAt: '' }} pending />
          </div>
        )}
        {state.agentTyping && (
          <div className="pw-typing" data-testid="chat-typing">
            typing…
          </div>
        )}
        <div ref={end} />
      </div>
      {state.live && <div className="pw-live">Live support</div>}
      {state.error && (
        <div className="pw-error" role="alert">
          {state.error}
        </div>
      )}
      <div className="pw-chat-actions">
        <button type="button" className="pw-chip" onClick={() => onBook()} data-testid="chat-book">
          <Icon name="calendar" size={14} /> Book a meeting
        </button>
      </div>
      <form className="pw-composer" onSubmit={submit}>
        <input
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            chat.typed();
          }}
          placeholder="Type your message…"
          aria-label="Message"
          maxLength={4000}
          data-testid="chat-input"
        />
        <button
          type="submit"
          aria-label="Send"
          disabled={state.sending || !text.trim()}
          data-testid="chat-send"
        >
          <Icon name="send" />
        </button>
      </form>
    </div>
  );
}
