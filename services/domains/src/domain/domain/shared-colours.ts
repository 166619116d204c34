import { SHARED_WIDGET_COLOURS } from '@parley/contracts/validation';

type SharedColours = Partial<Record<(typeof SHARED_WIDGET_COLOURS)[number], string>>;

/**
 * The widget's theme, text and title colours are in both the widget settings and the home
 * settings (spec section 3 lists them in each), yet the widget has one of each: a change to
 * either document's copy is a change to both.
 */
export function sharedColours(changes: Partial<Record<string, unknown>>): SharedColours {
  const picked: SharedColours = {};
  for (const key of SHARED_WIDGET_COLOURS) {
    const value = changes[key];
    if (typeof value === 'string') picked[key] = value;
  }
  return picked;
}
