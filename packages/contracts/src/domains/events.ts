import { z } from 'zod';
import { businessHoursSchema } from '../business-hours/schema';
import { domainConfigSchema } from '../validation/domains';

/** Domains' public events (stream DOMAINS, subjects domains.<aggregate>.<id>). */
export const DomainsEvent = {
  DomainAdded: 'domains.DomainAdded',
  DomainDeleted: 'domains.DomainDeleted',
  /** The events below stay inside domains except for what the assistant reads of them (issue 5). */
  DomainSettingsUpdated: 'domains.DomainSettingsUpdated',
  DomainConfigSaved: 'domains.DomainConfigSaved',
  FilterQuestionAdded: 'domains.FilterQuestionAdded',
  FilterQuestionDeleted: 'domains.FilterQuestionDeleted',
  /** Issue 17: the whole business-hours document after the change; the assistant reads it. */
  BusinessHoursUpdated: 'domains.BusinessHoursUpdated',
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

/** The part of DomainSettingsUpdated (the whole settings document after the change) the assistant reads. */
export const domainSettingsUpdatedSchema = z.object({
  settings: z.looseObject({ welcomeMessage: z.string() }),
  updatedAt: z.string(),
});

export const domainConfigSavedSchema = z.object({
  config: domainConfigSchema,
  savedAt: z.string(),
});

export const filterQuestionAddedSchema = z.object({
  questionId: z.string(),
  question: z.string(),
  answer: z.string(),
  addedBy: z.string(),
  addedAt: z.string(),
});

export const filterQuestionDeletedSchema = z.object({
  questionId: z.string(),
  deletedAt: z.string(),
});

export const businessHoursUpdatedSchema = z.object({
  businessHours: businessHoursSchema,
  updatedAt: z.string(),
});
export type BusinessHoursUpdated = z.infer<typeof businessHoursUpdatedSchema>;
