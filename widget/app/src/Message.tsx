import {
  MESSAGE_BUBBLE_MAX_WIDTH,
  messageDisplay,
  sanitizeMessageHtml,
  type DisplayableMessage,
  type LinkAction,
} from '@parley/chat-display';
import type { ProductCard } from '@parley/contracts';
import { useMemo } from 'react';
import { imageSrc } from './api';
import { productPrice } from './price';

/** One chat message by the shared display rules (spec "Chat message display"). */
export function Message({
  message,
  pending = false,
  onProduct,
  onCheckout,
  onAction,
}: {
  message: DisplayableMessage & { products?: ProductCard[]; checkoutProductId?: string | null };
  pending?: boolean;
  onProduct?: (id: string) => void;
  /** The assistant's purchase reply: open the payment flow for its product. */
  onCheckout?: (id: string) => void;
  /** The assistant's in-widget links: open a help article, start booking. */
  onAction?: (action: LinkAction) => void;
}) {
  const d = messageDisplay(message);
  // Sanitising parses the markup: once per text, not on every render of the list.
  const markup = d.kind === 'bubble' && !d.empty ? d.text : null;
  const html = useMemo(() => (markup === null ? '' : sanitizeMessageHtml(markup)), [markup]);
  if (d.kind === 'pill')
    return (
      <div className="pw-pill" data-testid="chat-pill">
        {d.text}
      </div>
    );
  if (d.kind === 'note')
    return (
      <div className={`pw-note pw-note-${d.color}`} data-testid="chat-note">
        <span className="pw-note-label">{d.label}</span> <time>{d.time}</time>
        <div className="pw-note-text">{d.text}</div>
      </div>
    );
  return (
    <div
      className={`pw-row pw-row-${d.side}`}
      data-testid={`chat-message-${d.side}`}
      data-pending={pending || undefined}
    >
      <div className="pw-bubble" style={{ maxWidth: MESSAGE_BUBBLE_MAX_WIDTH }}>
        {d.sender && (
          <div className="pw-sender">
            {d.sender} <span className="pw-badge">{d.badge}</span>
            {d.teamMemberName && <span className="pw-member"> · {d.teamMemberName}</span>}
          </div>
        )}
        {d.empty ? (
          <em className="pw-empty">{d.text}</em>
        ) : (
          // Cut down to the spec's allow-list by DOMPurify before it reaches the page.
          <div className="pw-content" dangerouslySetInnerHTML={{ __html: html }} />
        )}
        {d.link?.action ? (
          <button
            type="button"
            className="pw-link-card"
            onClick={() => d.link?.action && onAction?.(d.link.action)}
            data-testid={`chat-action-${d.link.action.kind}`}
          >
            <strong>{d.link.title}</strong>
            {d.link.description && <span>{d.link.description}</span>}
          </button>
        ) : (
          d.link && (
            <a className="pw-link-card" href={d.link.href} target="_blank" rel="noopener noreferrer nofollow">
              <strong>{d.link.title}</strong>
              {d.link.description && <span>{d.link.description}</span>}
            </a>
          )
        )}
        {message.checkoutProductId && (
          <button
            type="button"
            className="pw-link-card"
            onClick={() => onCheckout?.(message.checkoutProductId!)}
            data-testid="chat-action-purchase"
          >
            <strong>Complete Your Purchase</strong>
          </button>
        )}
        {message.products?.map((p) => {
          const price = productPrice(p);
          const src = imageSrc(p.image);
          return (
            <button type="button" key={p.id} className="pw-product-chip" onClick={() => onProduct?.(p.id)}>
              {src && <img src={src} alt="" />}
              <span>{p.name}</span>
              <b>{price.current}</b>
              {price.original && <s>{price.original}</s>}
            </button>
          );
        })}
      </div>
    </div>
  );
}
