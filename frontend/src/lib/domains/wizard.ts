import { SHIPPING_REGIONS, SHIPPING_TIMES, domainConfigSchema } from '@parley/contracts/validation';
import type { DomainConfig } from '../api/domains';

/** Screen 15: the four steps, in order, and the fields each one asks for. */
export const WIZARD_STEPS = [
  { title: 'Bot Personality', fields: ['personality', 'tone'] },
  { title: 'Business Details', fields: ['businessDescription', 'industry'] },
  { title: 'Customer Service Preferences', fields: ['responseStyle', 'handoff'] },
  {
    title: 'Shipping Configuration',
    fields: [
      'shippingEnabled',
      'shippingTimeChoice',
      'shippingTimeCustom',
      'regionChoice',
      'customRegions',
      'shippingCosts',
      'freeShippingThreshold',
    ],
  },
] as const;

export const LAST_STEP = WIZARD_STEPS.length - 1;

/** The wizard's form: the configuration, with the "custom" choices split out for their inputs. */
export interface WizardValues {
  personality: string;
  tone: string;
  businessDescription: string;
  industry: string;
  responseStyle: string;
  handoff: string;
  shippingEnabled: boolean;
  shippingTimeChoice: string;
  shippingTimeCustom?: string;
  regionChoice: string;
  customRegions: string[];
  shippingCosts: Record<string, number | null | undefined>;
  freeShippingThreshold: string;
}

const isPreset = <T extends string>(list: readonly T[], v: string | null | undefined): v is T =>
  !!v && (list as readonly string[]).includes(v);

export function initialWizardValues(config: DomainConfig | null | undefined): WizardValues {
  const regions = config?.shippingRegions ?? [];
  const presetRegion =
    regions.length === 1 && isPreset(SHIPPING_REGIONS, regions[0]) ? regions[0] : undefined;
  const time = config?.shippingTime ?? '';
  return {
    personality: config?.personality ?? 'professional',
    tone: config?.tone ?? 'formal',
    businessDescription: config?.businessDescription ?? '',
    industry: config?.industry ?? 'other',
    responseStyle: config?.responseStyle ?? 'conversational',
    handoff: config?.handoff ?? 'moderate',
    shippingEnabled: config?.shippingEnabled ?? false,
    shippingTimeChoice: isPreset(SHIPPING_TIMES, time) ? time : time ? 'custom' : '3-5',
    shippingTimeCustom: isPreset(SHIPPING_TIMES, time) ? undefined : time || undefined,
    regionChoice: presetRegion ?? (regions.length ? 'custom' : 'domestic'),
    customRegions: presetRegion ? [] : regions,
    shippingCosts: { ...(config?.shippingCosts ?? {}) },
    freeShippingThreshold:
      config?.freeShippingThreshold !== undefined && config?.freeShippingThreshold !== null
        ? String(config.freeShippingThreshold)
        : '',
  };
}

/** The regions the costs are asked for: the chosen preset, or the custom list. */
export function chosenRegions(values: Pick<WizardValues, 'regionChoice' | 'customRegions'>): string[] {
  if (values.regionChoice !== 'custom') return [values.regionChoice];
  return [...new Set((values.customRegions ?? []).map((r) => r.trim()).filter(Boolean))];
}

/** The body of POST /api/domains/{id}/config, through the same schema the API validates with. */
export function toConfigPayload(values: WizardValues) {
  const regions = values.shippingEnabled ? chosenRegions(values) : [];
  const costs: Record<string, number> = {};
  for (const region of regions) {
    const cost = values.shippingCosts?.[region];
    if (typeof cost === 'number' && Number.isFinite(cost)) costs[region] = cost;
  }
  return domainConfigSchema.parse({
    personality: values.personality,
    tone: values.tone,
    businessDescription: values.businessDescription ?? '',
    industry: values.industry,
    responseStyle: values.responseStyle,
    handoff: values.handoff,
    shippingEnabled: values.shippingEnabled,
    shippingTime: !values.shippingEnabled
      ? ''
      : values.shippingTimeChoice === 'custom'
        ? (values.shippingTimeCustom ?? '').trim()
        : values.shippingTimeChoice,
    shippingRegions: regions,
    shippingCosts: costs,
    // Spec display rule: a threshold that does not parse as a number becomes 0 (the schema does it).
    freeShippingThreshold: values.shippingEnabled ? values.freeShippingThreshold : 0,
  });
}
