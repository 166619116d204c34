import { z } from 'zod';
import { api } from './client';

/** Domain shapes of docs/api/README.md (domains area); unknown extra fields pass through. */
export const domainSchema = z.looseObject({
  id: z.string(),
  domain: z.string(),
  createdAt: z.string().optional(),
});
export type Domain = z.infer<typeof domainSchema>;

export const domainLimitsSchema = z.object({ maxDomains: z.number().int(), used: z.number().int() });
export type DomainLimits = z.infer<typeof domainLimitsSchema>;

export const domainListSchema = z.object({ data: z.array(domainSchema), limits: domainLimitsSchema });

export const domainSettingsSchema = z.looseObject({
  welcomeMessage: z.string().nullish(),
  background: z.string().nullish(),
  textColor: z.string().nullish(),
  iconColor: z.string().nullish(),
  themeColor: z.string().nullish(),
  helpDeskColor: z.string().nullish(),
  titleColor: z.string().nullish(),
  iconStyle: z.string().nullish(),
  paymentEnabled: z.boolean().nullish(),
  /** Custom branding (PRO): the widget's own name, and no 'Powered by' link. */
  widgetName: z.string().nullish(),
  hidePoweredBy: z.boolean().nullish(),
  customLinkTitle: z.string().nullish(),
  customLinkDescription: z.string().nullish(),
  customLinkUrl: z.string().nullish(),
  feedbackEnabled: z.boolean().nullish(),
  feedbackQuestion: z.string().nullish(),
  feedbackYesText: z.string().nullish(),
  feedbackNoText: z.string().nullish(),
  feedbackFollowUp: z.string().nullish(),
  /** Image ids (served at /api/images/{id}): the widget header's logo and the bot's icon. */
  domainLogo: z.string().nullish(),
  image: z.string().nullish(),
  /** ISO 4217 code the domain prices in (products, appointments, shipping); absent means USD. */
  currency: z.string().nullish(),
});
export type DomainSettings = z.infer<typeof domainSettingsSchema>;

export const domainConfigSchema = z.looseObject({
  personality: z.string(),
  tone: z.string(),
  businessDescription: z.string().nullish(),
  industry: z.string(),
  responseStyle: z.string(),
  handoff: z.string(),
  shippingEnabled: z.boolean().nullish(),
  shippingTime: z.string().nullish(),
  shippingRegions: z.array(z.string()).nullish(),
  shippingCosts: z.record(z.string(), z.number()).nullish(),
  freeShippingThreshold: z.number().nullish(),
});
export type DomainConfig = z.infer<typeof domainConfigSchema>;

export const domainDetailSchema = domainSchema.extend({
  settings: domainSettingsSchema.nullish(),
  homeSettings: z.looseObject({}).nullish(),
  config: domainConfigSchema.nullish(),
});
export type DomainDetail = z.infer<typeof domainDetailSchema>;

export const listDomains = (signal?: AbortSignal) => api('/domains', { schema: domainListSchema, signal });

export const addDomain = (domain: string) =>
  api('/domains', { method: 'POST', body: { domain }, schema: z.object({ data: domainSchema }) });

export const getDomain = (id: string, signal?: AbortSignal) =>
  api(`/domains/${encodeURIComponent(id)}`, { schema: z.object({ data: domainDetailSchema }), signal });

export const deleteDomain = (id: string) => api(`/domains/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const getDomainConfig = (id: string, signal?: AbortSignal) =>
  api(`/domains/${encodeURIComponent(id)}/config`, {
    schema: z.object({ data: domainConfigSchema.nullable() }),
    signal,
  });

export const saveDomainConfig = (id: string, config: unknown) =>
  api(`/domains/${encodeURIComponent(id)}/config`, { method: 'POST', body: config });
