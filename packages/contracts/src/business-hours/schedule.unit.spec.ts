import { BUSINESS_HOURS_DEFAULTS, businessHoursSchema, type BusinessHours } from './schema';
import { isWithinBusinessHours } from './schedule';

const hours = (
  over: Omit<Partial<BusinessHours>, 'weekly'> & { weekly?: Partial<BusinessHours['weekly']> },
): BusinessHours =>
  businessHoursSchema.parse({
    ...BUSINESS_HOURS_DEFAULTS,
    enabled: true,
    ...over,
    weekly: { ...BUSINESS_HOURS_DEFAULTS.weekly, ...over.weekly },
  });

const at = (iso: string) => new Date(iso);

describe('isWithinBusinessHours', () => {
  it('is always in hours while business hours are off', () => {
    const off = { ...BUSINESS_HOURS_DEFAULTS, enabled: false };
    expect(isWithinBusinessHours(off, at('2026-11-29T03:00:00Z'))).toBe(true); // a Sunday night
  });

  it('reads the week on the domain’s wall clock, start inclusive and end exclusive', () => {
    const berlin = hours({ timeZone: 'Europe/Berlin' }); // Mon-Fri 09:00-17:00, winter UTC+1
    expect(isWithinBusinessHours(berlin, at('2026-11-26T07:59:00Z'))).toBe(false); // Thu 08:59
    expect(isWithinBusinessHours(berlin, at('2026-11-26T08:00:00Z'))).toBe(true); // Thu 09:00
    expect(isWithinBusinessHours(berlin, at('2026-11-26T15:59:00Z'))).toBe(true); // Thu 16:59
    expect(isWithinBusinessHours(berlin, at('2026-11-26T16:00:00Z'))).toBe(false); // Thu 17:00
    expect(isWithinBusinessHours(berlin, at('2026-11-28T10:00:00Z'))).toBe(false); // Saturday
  });

  it('follows daylight saving time: the same wall-clock hours move in UTC', () => {
    const newYork = hours({ timeZone: 'America/New_York' });
    // Summer (EDT, UTC-4): 09:00 local is 13:00Z. Winter (EST, UTC-5): 09:00 local is 14:00Z.
    expect(isWithinBusinessHours(newYork, at('2026-07-08T13:00:00Z'))).toBe(true);
    expect(isWithinBusinessHours(newYork, at('2026-12-09T13:00:00Z'))).toBe(false);
    expect(isWithinBusinessHours(newYork, at('2026-12-09T14:00:00Z'))).toBe(true);
  });

  it('counts the hours of a day whose clock springs forward by its wall clock', () => {
    // Europe/Berlin jumps from 02:00 to 03:00 on Sunday 2026-03-29.
    const night = hours({ timeZone: 'Europe/Berlin', weekly: { sunday: [{ from: '01:00', to: '04:00' }] } });
    expect(isWithinBusinessHours(night, at('2026-03-29T00:30:00Z'))).toBe(true); // 01:30 CET
    expect(isWithinBusinessHours(night, at('2026-03-29T01:30:00Z'))).toBe(true); // 03:30 CEST
    expect(isWithinBusinessHours(night, at('2026-03-29T02:00:00Z'))).toBe(false); // 04:00 CEST
  });

  it('runs an overnight interval past midnight into the next day', () => {
    const bar = hours({
      timeZone: 'UTC',
      weekly: {
        monday: [],
        tuesday: [],
        wednesday: [],
        thursday: [],
        friday: [{ from: '22:00', to: '02:00' }],
      },
    });
    expect(isWithinBusinessHours(bar, at('2026-11-27T21:59:00Z'))).toBe(false); // Fri 21:59
    expect(isWithinBusinessHours(bar, at('2026-11-27T23:30:00Z'))).toBe(true); // Fri 23:30
    expect(isWithinBusinessHours(bar, at('2026-11-28T01:59:00Z'))).toBe(true); // Sat 01:59
    expect(isWithinBusinessHours(bar, at('2026-11-28T02:00:00Z'))).toBe(false); // Sat 02:00
    expect(isWithinBusinessHours(bar, at('2026-11-28T23:00:00Z'))).toBe(false); // Sat 23:00
  });

  it('closes a holiday’s whole local date, and an overnight interval that begins on one', () => {
    const shop = hours({
      timeZone: 'Europe/Berlin',
      weekly: {
        thursday: [
          { from: '09:00', to: '17:00' },
          { from: '20:00', to: '01:00' },
        ],
      },
      holidays: ['2026-12-24', '2026-11-26'],
    });
    expect(isWithinBusinessHours(shop, at('2026-11-26T10:00:00Z'))).toBe(false); // holiday Thursday
    expect(isWithinBusinessHours(shop, at('2026-11-26T23:30:00Z'))).toBe(false); // Fri 00:30 after it
    expect(isWithinBusinessHours(shop, at('2026-12-03T10:00:00Z'))).toBe(true); // the next Thursday
    expect(isWithinBusinessHours(shop, at('2026-12-03T23:30:00Z'))).toBe(true); // its night
    // The holiday is the domain's date: 23:30Z on the 23rd is already the 24th in Berlin.
    const wed = hours({ timeZone: 'Europe/Berlin', weekly: { wednesday: [{ from: '00:00', to: '24:00' }] } });
    expect(isWithinBusinessHours({ ...wed, holidays: [] }, at('2026-12-23T22:30:00Z'))).toBe(true);
    expect(isWithinBusinessHours({ ...wed, holidays: ['2026-12-24'] }, at('2026-12-23T22:30:00Z'))).toBe(
      true,
    );
    const thu = hours({ timeZone: 'Europe/Berlin', weekly: { thursday: [{ from: '00:00', to: '24:00' }] } });
    expect(isWithinBusinessHours({ ...thu, holidays: ['2026-12-24'] }, at('2026-12-23T23:30:00Z'))).toBe(
      false,
    );
    expect(isWithinBusinessHours({ ...thu, holidays: [] }, at('2026-12-23T23:30:00Z'))).toBe(true);
  });
});

describe('businessHoursSchema', () => {
  const problems = (input: unknown) => {
    const r = businessHoursSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts the defaults and sorts intervals and holidays, dropping repeated dates', () => {
    const parsed = businessHoursSchema.parse({
      ...BUSINESS_HOURS_DEFAULTS,
      weekly: {
        monday: [
          { from: '13:00', to: '17:00' },
          { from: '08:00', to: '12:00' },
        ],
      },
      holidays: ['2026-12-25', '2026-01-01', '2026-12-25'],
    });
    expect(parsed.weekly.monday.map((i) => i.from)).toEqual(['08:00', '13:00']);
    expect(parsed.weekly.sunday).toEqual([]);
    expect(parsed.holidays).toEqual(['2026-01-01', '2026-12-25']);
  });

  it('refuses unknown zones, bad times, overlaps, impossible dates and empty weeks with clear messages', () => {
    const base = { ...BUSINESS_HOURS_DEFAULTS, enabled: true };
    expect(problems({ ...base, timeZone: 'Mars/Olympus' })).toEqual([
      'timeZone: Choose a time zone from the list (for example Europe/Berlin)',
    ]);
    expect(problems({ ...base, weekly: { monday: [{ from: '9:00', to: '25:00' }] } })).toEqual([
      'weekly.monday.0.from: Enter a time as HH:MM, from 00:00 to 24:00',
      'weekly.monday.0.to: Enter a time as HH:MM, from 00:00 to 24:00',
    ]);
    expect(problems({ ...base, weekly: { monday: [{ from: '09:00', to: '09:00' }] } })).toEqual([
      'weekly.monday.0.to: An opening interval must end at another time than it starts',
    ]);
    expect(
      problems({
        ...base,
        weekly: {
          monday: [
            { from: '22:00', to: '03:00' },
            { from: '23:00', to: '23:30' },
          ],
        },
      }),
    ).toEqual(['weekly.monday: Two opening intervals of the same day overlap']);
    expect(problems({ ...base, holidays: ['2026-02-30'] })).toEqual([
      'holidays.0: Enter a holiday as a date, YYYY-MM-DD',
    ]);
    expect(problems({ ...base, weekly: {} })).toEqual([
      'weekly: Add opening hours to at least one day, or turn business hours off',
    ]);
    expect(problems({ ...base, offlineMessage: '  ' })).toEqual([
      'offlineMessage: Write the note visitors see outside business hours',
    ]);
    // Off, an empty week is fine: always in hours.
    expect(problems({ ...base, enabled: false, weekly: {} })).toEqual([]);
  });
});
