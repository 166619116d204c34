import { z } from 'zod';
import { DOMAIN_MESSAGES as M, HOME_MESSAGES as H } from './domain-messages';

/** Labels of 1-63 letters, digits or inner hyphens, ending in a 2-3 letter top-level label. */
const HOSTNAME = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,3}$/;
const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const domainNameSchema = z
  .string({ error: M.domainMin })
  .trim()
  .toLowerCase()
  .min(4, { error: M.domainMin })
  .regex(HOSTNAME, { error: M.domainFormat });

export const addDomainSchema = z.object({ domain: domainNameSchema });

export const hexColorSchema = z.string({ error: M.hexColor }).trim().regex(HEX, { error: M.hexColor });

export const httpUrlSchema = z
  .string({ error: M.url })
  .trim()
  .max(2048, { error: M.url })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { error: M.url },
  );

export const ICON_STYLES = [
  'Default',
  'Assistant',
  'Chat',
  'Modern',
  'Friendly',
  'Help',
  'Support',
  'Smart',
  'AI',
] as const;
export type IconStyle = (typeof ICON_STYLES)[number];

/** Optional text: blank means "not set". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

// The spec words no message for this; it only happens when a client sends something else.
const IMAGE_ID_MESSAGE = 'Please upload the image again';
const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An uploaded image, by the id POST /api/images answered (served at /api/images/{id}); null or a
 * blank string clears it.
 */
export const imageIdSchema = z
  .union([
    z.null().transform(() => undefined),
    z.literal('').transform(() => undefined),
    z.string({ error: IMAGE_ID_MESSAGE }).trim().toLowerCase().regex(IMAGE_ID, { error: IMAGE_ID_MESSAGE }),
  ])
  .optional();

/**
 * Currencies a domain can price in (ISO 4217): its products, appointment prices and shipping
 * costs are in this currency, and the widget and the assistant write prices with it.
 */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'JPY',
  'CNY',
  'HKD',
  'SGD',
  'INR',
  'ZAR',
  'BRL',
  'MXN',
  'AED',
  'ILS',
  'TRY',
] as const;
export type Currency = (typeof CURRENCIES)[number];
const CURRENCY_MESSAGE = 'Please choose a currency';

/** Domain settings (spec section 3 and "Other settings"); every field optional on update. */
export const domainSettingsSchema = z
  .object({
    /** The logo in the widget's header. */
    domainLogo: imageIdSchema,
    /** The bot's icon: the launcher bubble and the assistant's avatar. */
    image: imageIdSchema,
    welcomeMessage: z.string({ error: M.welcomeMin }).trim().min(6, { error: M.welcomeMin }).max(1000),
    background: hexColorSchema,
    textColor: hexColorSchema,
    iconColor: hexColorSchema,
    themeColor: hexColorSchema,
    helpDeskColor: hexColorSchema,
    titleColor: hexColorSchema,
    iconStyle: z.enum(ICON_STYLES),
    paymentEnabled: z.boolean(),
    currency: z.enum(CURRENCIES, { error: CURRENCY_MESSAGE }),
    /** Custom branding (PRO): the widget's own name in its header, and no 'Powered by' link. */
    widgetName: optionalText(60),
    hidePoweredBy: z.boolean(),
    customLinkTitle: optionalText(80),
    customLinkDescription: optionalText(300),
    customLinkUrl: z.union([z.literal('').transform(() => undefined), httpUrlSchema]).optional(),
    feedbackEnabled: z.boolean(),
    feedbackQuestion: z
      .string({ error: M.feedbackQuestion })
      .trim()
      .min(1, { error: M.feedbackQuestion })
      .max(200),
    feedbackYesText: z.string({ error: M.feedbackYes }).trim().min(1, { error: M.feedbackYes }).max(40),
    feedbackNoText: z.string({ error: M.feedbackNo }).trim().min(1, { error: M.feedbackNo }).max(40),
    feedbackFollowUp: z
      .string({ error: M.feedbackFollowUp })
      .trim()
      .min(1, { error: M.feedbackFollowUp })
      .max(300),
  })
  .partial();
export type DomainSettingsInput = z.infer<typeof domainSettingsSchema>;

/** A custom link shows only with both title and url (spec display rules). */
export const showsCustomLink = (s: { customLinkTitle?: string | null; customLinkUrl?: string | null }) =>
  Boolean(s.customLinkTitle?.trim() && s.customLinkUrl?.trim());

export const HOME_LAYOUTS = ['classic', 'modern', 'compact', 'helpdesk'] as const;
export const POPULAR_TOPIC_LINK_TYPES = ['helpdesk_general', 'helpdesk_specific', 'external_url'] as const;

export const WIDGET_HOME_DEFAULTS = {
  themeColor: '#6366f1',
  homeTitle: 'Welcome to Support',
} as const;

/** The most custom links, and the most popular topics, one home tab holds. */
export const MAX_HOME_ENTRIES = 20;

/** An entry's id; an entry sent without one is given one by the domains service. */
const entryId = z.string().trim().min(1).max(64).optional();

/** Ids name entries (React keys, the widget's links): two entries of one list never share one. */
function distinctIds(entries: ReadonlyArray<{ id?: string }>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    if (entry.id === undefined) return;
    if (seen.has(entry.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: H.sameId });
    seen.add(entry.id);
  });
}

export const customLinkSchema = z.object({
  id: entryId,
  title: z.string({ error: H.linkTitle }).trim().min(1, { error: H.linkTitle }).max(80),
  url: httpUrlSchema,
  description: optionalText(300),
});

/** Why a popular topic's target will not do for its kind, or undefined when it will. */
export function topicTargetMessage(
  linkType: string | null | undefined,
  linkTarget: string | null | undefined,
): string | undefined {
  const target = linkTarget?.trim() ?? '';
  if (linkType === 'external_url') return httpUrlSchema.safeParse(target).success ? undefined : M.url;
  if (linkType === 'helpdesk_specific') return target ? undefined : H.topicArticle;
  return undefined;
}

/**
 * Where a topic leads: the help desk, one help article (its id), or a web page (an http(s) URL).
 * The target of the other kinds is not kept.
 */
export const popularTopicSchema = z
  .object({
    id: entryId,
    title: z.string({ error: H.topicTitle }).trim().min(1, { error: H.topicTitle }).max(80),
    linkType: z.enum(POPULAR_TOPIC_LINK_TYPES, { error: H.topicLinkType }),
    linkTarget: optionalText(2048),
  })
  .superRefine((topic, ctx) => {
    const message = topicTargetMessage(topic.linkType, topic.linkTarget);
    if (message) ctx.addIssue({ code: 'custom', path: ['linkTarget'], message });
  })
  .transform((topic) =>
    topic.linkType === 'helpdesk_general' ? { ...topic, linkTarget: undefined } : topic,
  );

export const widgetHomeSettingsSchema = z
  .object({
    // The widget's colours: the same settings as domainSettingsSchema's (the domains service
    // keeps each pair equal), so the home tab has no colour fields of its own.
    themeColor: hexColorSchema,
    textColor: hexColorSchema,
    titleColor: hexColorSchema,
    homeTitle: z.string({ error: H.homeTitle }).trim().min(1, { error: H.homeTitle }).max(80),
    domainIcon: z.string().trim().max(200).optional(),
    customLinksEnabled: z.boolean(),
    customLinks: z
      .array(customLinkSchema)
      .max(MAX_HOME_ENTRIES, { error: H.tooManyLinks })
      .superRefine(distinctIds),
    popularTopicsEnabled: z.boolean(),
    popularTopics: z
      .array(popularTopicSchema)
      .max(MAX_HOME_ENTRIES, { error: H.tooManyTopics })
      .superRefine(distinctIds),
    // Any other value is accepted and rendered as the default layout (spec screen 11).
    homeLayout: z.string().trim().max(40),
  })
  .partial();
export type WidgetHomeSettingsInput = z.infer<typeof widgetHomeSettingsSchema>;

/** The colours the widget settings and the home settings share (one setting each). */
export const SHARED_WIDGET_COLOURS = ['themeColor', 'textColor', 'titleColor'] as const;

export const PERSONALITIES = ['professional', 'friendly', 'humorous', 'empathetic'] as const;
export const TONES = ['formal', 'casual', 'enthusiastic', 'supportive'] as const;
export const INDUSTRIES = ['retail', 'technology', 'healthcare', 'education', 'finance', 'other'] as const;
export const RESPONSE_STYLES = ['concise', 'detailed', 'conversational'] as const;
export const HANDOFFS = ['quick', 'moderate', 'extensive'] as const;
export const SHIPPING_TIMES = ['1-2', '3-5', '5-7', '7-14', 'custom'] as const;
export const SHIPPING_REGIONS = ['domestic', 'domestic_international', 'worldwide', 'custom'] as const;

/** A free-shipping threshold that does not parse as a number becomes 0 (spec display rules). */
export const parseThreshold = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number.parseFloat(String(v ?? ''));
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

export const domainConfigSchema = z.object({
  personality: z.enum(PERSONALITIES),
  tone: z.enum(TONES),
  businessDescription: z.string().trim().max(4000).default(''),
  industry: z.enum(INDUSTRIES),
  responseStyle: z.enum(RESPONSE_STYLES),
  handoff: z.enum(HANDOFFS),
  shippingEnabled: z.boolean().default(false),
  shippingTime: z.string().trim().max(80).default(''),
  shippingRegions: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
  shippingCosts: z.record(z.string().max(80), z.number().nonnegative()).default({}),
  // Missing counts as "does not parse" too: 0.
  freeShippingThreshold: z.unknown().optional().transform(parseThreshold),
});
export type DomainConfigInput = z.infer<typeof domainConfigSchema>;

export const filterQuestionSchema = z.object({
  question: z.string({ error: M.filterQuestion }).trim().min(1, { error: M.filterQuestion }).max(500),
  answer: z.string({ error: M.filterAnswer }).trim().min(1, { error: M.filterAnswer }).max(4000),
});

export const searchSchema = z.object({
  query: z.string({ error: M.searchQuery }).trim().min(1, { error: M.searchQuery }).max(200),
  domainId: z.string({ error: M.searchDomain }).trim().min(1, { error: M.searchDomain }),
});
