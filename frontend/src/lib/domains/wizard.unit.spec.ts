import { initialWizardValues, toConfigPayload, WIZARD_STEPS } from './wizard';

describe('domain setup wizard values', () => {
  it('has the four steps of screen 15 in order', () => {
    expect(WIZARD_STEPS.map((s) => s.title)).toEqual([
      'Bot Personality',
      'Business Details',
      'Customer Service Preferences',
      'Shipping Configuration',
    ]);
  });

  it('turns a threshold that does not parse into 0 and keeps costs of the chosen regions only', () => {
    const values = {
      ...initialWizardValues(null),
      shippingEnabled: true,
      shippingTimeChoice: '5-7',
      regionChoice: 'custom',
      customRegions: ['EU', ' EU ', 'US'],
      shippingCosts: { EU: 4.5, US: 9, Mars: 100 },
      freeShippingThreshold: 'fifty',
    };
    expect(toConfigPayload(values)).toMatchObject({
      shippingEnabled: true,
      shippingTime: '5-7',
      shippingRegions: ['EU', 'US'],
      shippingCosts: { EU: 4.5, US: 9 },
      freeShippingThreshold: 0,
    });
  });

  it('sends no shipping details while shipping is off', () => {
    const payload = toConfigPayload({ ...initialWizardValues(null), freeShippingThreshold: '25' });
    expect(payload).toMatchObject({
      shippingEnabled: false,
      shippingTime: '',
      shippingRegions: [],
      shippingCosts: {},
    });
    expect(payload.freeShippingThreshold).toBe(0);
  });

  it('reads a saved configuration back, custom time and preset region included', () => {
    const values = initialWizardValues({
      personality: 'friendly',
      tone: 'casual',
      industry: 'retail',
      responseStyle: 'concise',
      handoff: 'quick',
      shippingEnabled: true,
      shippingTime: 'Next day',
      shippingRegions: ['worldwide'],
      shippingCosts: { worldwide: 12 },
      freeShippingThreshold: 80,
    });
    expect(values).toMatchObject({
      shippingTimeChoice: 'custom',
      shippingTimeCustom: 'Next day',
      regionChoice: 'worldwide',
      customRegions: [],
      freeShippingThreshold: '80',
    });
    expect(toConfigPayload(values)).toMatchObject({
      shippingTime: 'Next day',
      shippingRegions: ['worldwide'],
      freeShippingThreshold: 80,
    });
  });
});
