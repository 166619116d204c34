import { widgetHomeSettingsSchema } from '@parley/contracts/validation';
import { withEntryIds } from './entry-ids';

describe('home settings entry ids', () => {
  const ids = () => {
    let n = 0;
    return () => `new-${++n}`;
  };

  it('gives a link or topic sent without an id a new one and keeps the ids sent', () => {
    const out = withEntryIds(
      widgetHomeSettingsSchema.parse({
        homeTitle: 'Help',
        customLinks: [
          { title: 'Guide', url: 'https://shop.example/guide' },
          { id: 'kept', title: 'Sale', url: 'https://shop.example/sale', description: 'Half off' },
        ],
        popularTopics: [{ title: 'Shipping', linkType: 'helpdesk_general' }],
      }),
      ids(),
    );
    expect(out).toEqual({
      homeTitle: 'Help',
      customLinks: [
        { id: 'new-1', title: 'Guide', url: 'https://shop.example/guide' },
        { id: 'kept', title: 'Sale', url: 'https://shop.example/sale', description: 'Half off' },
      ],
      popularTopics: [{ id: 'new-2', title: 'Shipping', linkType: 'helpdesk_general' }],
    });
  });

  it('leaves lists that were not sent unsent', () => {
    expect(withEntryIds({ homeLayout: 'modern' }, ids())).toEqual({ homeLayout: 'modern' });
  });
});
