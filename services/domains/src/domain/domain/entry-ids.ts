import type { WidgetHomeSettings } from '@parley/contracts';
import type { WidgetHomeSettingsInput } from '@parley/contracts/validation';

/**
 * Custom links and popular topics are kept with an id each (spec section 3); one sent without
 * an id (a client need not invent one) gets a new one, one sent with its id keeps it.
 */
export function withEntryIds(
  changes: WidgetHomeSettingsInput,
  newId: () => string,
): Partial<WidgetHomeSettings> {
  const { customLinks, popularTopics, ...rest } = changes;
  const out: Partial<WidgetHomeSettings> = rest;
  if (customLinks) out.customLinks = customLinks.map(({ id, ...link }) => ({ id: id ?? newId(), ...link }));
  if (popularTopics)
    out.popularTopics = popularTopics.map(({ id, ...topic }) => ({ id: id ?? newId(), ...topic }));
  return out;
}
