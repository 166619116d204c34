import { countriesIn, countriesOf, countryName, homeCountry, within } from './places';
import { isServiceLevel } from './shipping';

describe('places and shipping keys', () => {
  it('finds the countries a message names, the longest name first, "us" only as a place', () => {
    expect(countriesIn('do you ship to Northern Ireland or Ireland?')).toEqual([
      'northern ireland',
      'ireland',
    ]);
    expect(countriesIn('can you send it to the UK')).toEqual(['united kingdom']);
    expect(countriesIn('tell us more')).toEqual([]);
    expect(countriesIn('do you deliver in the us')).toEqual(['united states']);
  });

  it('places regions: countries, groups of countries, and nothing for a city or a zone', () => {
    expect(countriesOf('European Union')).toEqual(['european union']);
    expect(within('france', 'european union')).toBe(true);
    expect(within('scotland', 'united kingdom')).toBe(true);
    expect(within('japan', 'european union')).toBe(false);
    expect(countriesOf('Zone 2')).toBeNull();
    expect(countryName('united kingdom')).toBe('the United Kingdom');
    expect(countryName('new zealand')).toBe('New Zealand');
  });

  it("finds the business's own country from its description, domain ending or currency", () => {
    expect(homeCountry('A bakery in Cork, Ireland.', 'bakery.com', 'EUR')).toBe('ireland');
    expect(homeCountry('A bakery.', 'bakery.co.uk', 'GBP')).toBe('united kingdom');
    expect(homeCountry('A bakery.', 'bakery.com', 'CAD')).toBe('canada');
    expect(homeCountry('A bakery.', 'bakery.com', 'EUR')).toBeNull();
  });

  it('tells a service level from a place', () => {
    for (const key of [
      'Standard',
      'Express',
      'Next day',
      'next-day delivery',
      'Overnight shipping',
      'Tracked',
    ])
      expect([key, isServiceLevel(key)]).toEqual([key, true]);
    for (const key of ['United Kingdom', 'Canada', 'Zone 2', 'domestic'])
      expect([key, isServiceLevel(key)]).toEqual([key, false]);
  });
});
