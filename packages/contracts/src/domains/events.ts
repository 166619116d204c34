import { z } from 'zod';

/** Domains' public events (stream DOMAINS, subjects domains.<aggregate>.<id>). */
export const DomainsEvent = {
  DomainAdded: 'domains.DomainAdded',
  DomainDeleted: 'domains.DomainDeleted',
} as const;

export const domainAddedSchema = z.object({
  domainId: z.string(),
  accountId: z.string(),
  /** The user who added it: DOMAIN_SETUP goes to them. */
  addedBy: z.string(),
  domain: z.string(),
  addedAt: z.string(),
});
export type DomainAdded = z.infer<typeof domainAddedSchema>;

export const domainDeletedSchema = z.object({
  domainId: z.string(),
  accountId: z.string(),
  deletedAt: z.string(),
});
export type DomainDeleted = z.infer<typeof domainDeletedSchema>;
