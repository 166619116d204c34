/** Spec "Validation > Messages": links are allowed only if http or https, otherwise become '#'. */
export function safeHref(url: string | null | undefined): string {
  if (!url) return '#';
  const trimmed = url.trim();
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : '#';
  } catch {
    return '#';
  }
}

/**
 * What a link does inside the widget instead of opening a page: the assistant points at one of
 * the domain's help articles (`href` "#article:<id>"), offers the booking flow
 * (`{"action":"booking"}`) or, outside business hours, the offline form
 * (`{"action":"offline-form"}`). Elsewhere (the dashboard) such a link is shown, not followed.
 */
export type LinkAction =
  | { kind: 'article'; articleId: string }
  | { kind: 'booking'; appointmentTypeId: string | null }
  | { kind: 'offline-form' };

export interface MessageLink {
  href: string;
  title: string;
  description: string | null;
  /** Set for the widget's own actions; `href` is then '#'. */
  action: LinkAction | null;
}

export const ARTICLE_HREF_PREFIX = '#article:';
export const BOOKING_LINK_TITLE = 'Book a meeting';
export const OFFLINE_FORM_LINK_TITLE = 'Leave a message';
/** Content ids (uuids); anything else in an action link is not one of ours. */
const CONTENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/**
 * A message's `link` is a URL or JSON {href, title, description} (spec "Chat message"). The title
 * falls back to the address itself so a link never renders as an empty anchor.
 */
export function parseMessageLink(link: string | null | undefined): MessageLink | null {
  const raw = link?.trim();
  if (!raw) return null;
  if (raw.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return null;
    }
    if (!parsed || typeof parsed !== 'object') return null;
    const record = parsed as Record<string, unknown>;
    const description = text(record.description);
    if (record.action === 'booking') {
      const typeId = text(record.appointmentTypeId);
      return {
        href: '#',
        title: text(record.title) ?? BOOKING_LINK_TITLE,
        description,
        action: { kind: 'booking', appointmentTypeId: typeId && CONTENT_ID.test(typeId) ? typeId : null },
      };
    }
    if (record.action === 'offline-form') {
      return {
        href: '#',
        title: text(record.title) ?? OFFLINE_FORM_LINK_TITLE,
        description,
        action: { kind: 'offline-form' },
      };
    }
    const href = text(record.href);
    if (!href) return null;
    const articleId = href.startsWith(ARTICLE_HREF_PREFIX) ? href.slice(ARTICLE_HREF_PREFIX.length) : null;
    if (articleId !== null) {
      if (!CONTENT_ID.test(articleId)) return null;
      return {
        href: '#',
        title: text(record.title) ?? 'Help article',
        description,
        action: { kind: 'article', articleId },
      };
    }
    return { href: safeHref(href), title: text(record.title) ?? href, description, action: null };
  }
  return { href: safeHref(raw), title: raw, description: null, action: null };
}
