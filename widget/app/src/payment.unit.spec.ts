import { formatCents, galleryOf, maxQuantity } from './payment';

describe('the widget payment branch', () => {
  it('shows the main image first, then the others, once each', () => {
    expect(galleryOf({ image: '/a', images: ['/a', '/b', '/c'] })).toEqual(['/a', '/b', '/c']);
    expect(galleryOf({ image: null, images: [] })).toEqual([]);
  });

  it('limits the quantity to what is left of tracked options', () => {
    const product = {
      variants: [
        {
          name: 'Size',
          trackQuantity: true,
          options: [
            { value: 'S', quantity: 3 },
            { value: 'L', quantity: 0 },
          ],
        },
        { name: 'Colour', options: [{ value: 'Red' }] },
      ],
    };
    expect(maxQuantity(product, { Size: 'S', Colour: 'Red' })).toBe(3);
    expect(maxQuantity(product, { Size: 'L' })).toBe(0);
    expect(maxQuantity(product, {})).toBe(99);
  });

  it('formats cents as dollars', () => {
    expect(formatCents(2250)).toBe('$22.50');
  });
});
