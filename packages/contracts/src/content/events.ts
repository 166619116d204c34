/**
 * Content's events (stream CONTENT, subjects content.<aggregate>.<id>): one aggregate per product,
 * help article and appointment type. Images are not event-sourced (their bytes live in content's
 * database), so they have no events.
 */
export const CONTENT_KINDS = ['product', 'article', 'appointment'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/**
 * The item a content subject names — `content.<kind>.<id>`, after any namespace prefix — or
 * undefined for subjects of other aggregates. Readers of the CONTENT stream key their rows by it.
 */
export function contentItemOfSubject(subject: string): { kind: ContentKind; id: string } | undefined {
  const parts = subject.split('.');
  const id = parts.at(-1);
  const kind = parts.at(-2) as ContentKind | undefined;
  return id && kind && (CONTENT_KINDS as readonly string[]).includes(kind) ? { kind, id } : undefined;
}

export const ContentEvent = {
  product: {
    created: 'content.ProductCreated',
    updated: 'content.ProductUpdated',
    deleted: 'content.ProductDeleted',
  },
  article: {
    created: 'content.HelpArticleCreated',
    updated: 'content.HelpArticleUpdated',
    deleted: 'content.HelpArticleDeleted',
  },
  appointment: {
    created: 'content.AppointmentTypeCreated',
    updated: 'content.AppointmentTypeUpdated',
    deleted: 'content.AppointmentTypeDeleted',
  },
} as const satisfies Record<ContentKind, { created: string; updated: string; deleted: string }>;

/** The body is the kind's shared schema output (productSchema, helpArticleSchema, appointmentTypeSchema) without domainId. */
export interface ContentItemCreated {
  accountId: string;
  domainId: string;
  body: Record<string, unknown>;
  createdBy: string;
  createdAt: string;
}
export interface ContentItemUpdated {
  body: Record<string, unknown>;
  updatedBy: string;
  updatedAt: string;
}
export interface ContentItemDeleted {
  deletedBy: string;
  deletedAt: string;
}
