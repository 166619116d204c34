import { z } from 'zod';
import { api } from './client';
import { domainSettingsSchema } from './domains';

export const homeSettingsSchema = z.looseObject({
  themeColor: z.string().nullish(),
  textColor: z.string().nullish(),
  titleColor: z.string().nullish(),
  homeTitle: z.string().nullish(),
  domainIcon: z.string().nullish(),
  customLinksEnabled: z.boolean().nullish(),
  customLinks: z
    .array(
      z.object({ id: z.string(), title: z.string(), url: z.string(), description: z.string().nullish() }),
    )
    .nullish(),
  popularTopicsEnabled: z.boolean().nullish(),
  popularTopics: z
    .array(
      z.object({ id: z.string(), title: z.string(), linkType: z.string(), linkTarget: z.string().nullish() }),
    )
    .nullish(),
  homeLayout: z.string().nullish(),
});
export type HomeSettings = z.infer<typeof homeSettingsSchema>;

export const saveDomainSettings = (id: string, body: unknown) =>
  api(`/domains/${encodeURIComponent(id)}/settings`, {
    method: 'PATCH',
    body,
    schema: z.object({ data: domainSettingsSchema }),
  });

export const saveHomeSettings = (id: string, body: unknown) =>
  api(`/domains/${encodeURIComponent(id)}/home-settings`, {
    method: 'PATCH',
    body,
    schema: z.object({ data: homeSettingsSchema }),
  });

/** Issue 17: the domain's business hours (docs/api/domains.md#business-hours). */
export const businessHoursAnswerSchema = z.object({
  enabled: z.boolean(),
  timeZone: z.string(),
  weekly: z.record(z.string(), z.array(z.object({ from: z.string(), to: z.string() }))),
  holidays: z.array(z.string()),
  offlineMessage: z.string(),
});
export type BusinessHoursAnswer = z.infer<typeof businessHoursAnswerSchema>;

export const getBusinessHours = (id: string, signal?: AbortSignal) =>
  api(`/domains/${encodeURIComponent(id)}/business-hours`, {
    signal,
    schema: z.object({ data: businessHoursAnswerSchema }),
  });

export const saveBusinessHours = (id: string, body: unknown) =>
  api(`/domains/${encodeURIComponent(id)}/business-hours`, {
    method: 'PUT',
    body,
    schema: z.object({ data: businessHoursAnswerSchema }),
  });
