import type {
  HANDOFFS,
  INDUSTRIES,
  PERSONALITIES,
  RESPONSE_STYLES,
  SHIPPING_REGIONS,
  SHIPPING_TIMES,
  TONES,
} from '@parley/contracts/validation';

/** Human labels for the domain configuration's enumerations (spec section 3). */
export const PERSONALITY_LABELS: Record<(typeof PERSONALITIES)[number], string> = {
  professional: 'Professional',
  friendly: 'Friendly',
  humorous: 'Humorous',
  empathetic: 'Empathetic',
};
export const TONE_LABELS: Record<(typeof TONES)[number], string> = {
  formal: 'Formal',
  casual: 'Casual',
  enthusiastic: 'Enthusiastic',
  supportive: 'Supportive',
};
export const INDUSTRY_LABELS: Record<(typeof INDUSTRIES)[number], string> = {
  retail: 'Retail',
  technology: 'Technology',
  healthcare: 'Healthcare',
  education: 'Education',
  finance: 'Finance',
  other: 'Other',
};
export const RESPONSE_STYLE_LABELS: Record<(typeof RESPONSE_STYLES)[number], string> = {
  concise: 'Concise',
  detailed: 'Detailed',
  conversational: 'Conversational',
};
export const HANDOFF_LABELS: Record<(typeof HANDOFFS)[number], string> = {
  quick: 'Quick (after 2-3 messages)',
  moderate: 'Moderate (after basic troubleshooting)',
  extensive: 'Extensive',
};
export const SHIPPING_TIME_LABELS: Record<(typeof SHIPPING_TIMES)[number], string> = {
  '1-2': '1-2 business days',
  '3-5': '3-5 business days',
  '5-7': '5-7 business days',
  '7-14': '7-14 business days',
  custom: 'Custom',
};
export const SHIPPING_REGION_LABELS: Record<(typeof SHIPPING_REGIONS)[number], string> = {
  domestic: 'Domestic',
  domestic_international: 'Domestic and international',
  worldwide: 'Worldwide',
  custom: 'Custom',
};

export const options = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

/** Spec: maxDomains -1 means unlimited, shown as the infinity symbol. */
export const formatDomainLimit = (maxDomains: number) => (maxDomains < 0 ? '∞' : String(maxDomains));
