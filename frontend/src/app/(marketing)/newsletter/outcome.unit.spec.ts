import { NEWSLETTER_LINK_OUTCOMES } from '@parley/contracts';
import { outcomeOf } from './outcome';

describe('newsletter result page: outcome from the query string', () => {
  it('reads every outcome the gateway redirects with', () => {
    for (const outcome of NEWSLETTER_LINK_OUTCOMES) expect(outcomeOf(outcome)).toBe(outcome);
  });

  it('takes the first of repeated values', () => {
    expect(outcomeOf(['expired', 'confirmed'])).toBe('expired');
  });

  it('reads a missing or unknown status as a link that does not work, never as a success', () => {
    for (const status of [undefined, '', 'CONFIRMED', 'confirmed ', 'subscribed', '<script>', []]) {
      expect(outcomeOf(status)).toBe('invalid');
    }
  });
});
