import { nestedServerFields } from './zod-fields';

describe('server field errors on a form with lists', () => {
  it('names a list entry’s field by its path and leaves other fields out', () => {
    expect(
      nestedServerFields(
        [
          { field: 'customLinks.0.url', message: 'Please enter a valid URL' },
          { field: 'popularTopics.12.linkTarget', message: 'Please choose a help article' },
          { field: 'homeTitle', message: 'Required' },
          { field: 'themeColor', message: 'Invalid hex color' },
        ],
        ['customLinks', 'popularTopics', 'homeTitle'],
      ),
    ).toEqual([
      { name: ['customLinks', 0, 'url'], errors: ['Please enter a valid URL'] },
      { name: ['popularTopics', 12, 'linkTarget'], errors: ['Please choose a help article'] },
      { name: ['homeTitle'], errors: [''] },
    ]);
  });
});
