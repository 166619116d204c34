import { contrastRatio } from '@parley/chat-display';
import { lookFrom, parseLook } from './launcher';

describe('the loader launcher look', () => {
  it('takes the theme colour and an icon colour readable on it (3:1 at least)', () => {
    expect(lookFrom({ themeColor: '#0f766e', iconColor: '#ffffff' })).toEqual({
      theme: '#0f766e',
      icon: '#ffffff',
    });
    const yellow = lookFrom({ themeColor: '#fde047', iconColor: '#ffffff' });
    expect(contrastRatio(yellow.icon, yellow.theme)).toBeGreaterThanOrEqual(4.5);
    expect(lookFrom(undefined).theme).toBe('#6366f1');
    expect(lookFrom({ themeColor: 'red' }).theme).toBe('#6366f1');
  });

  it('reads back only a look it wrote', () => {
    expect(parseLook('{"theme":"#0f766e","icon":"#fff"}')).toEqual({ theme: '#0f766e', icon: '#fff' });
    expect(parseLook('{"theme":"url(x)","icon":"#fff"}').theme).toBe('#6366f1');
    expect(parseLook('not json').theme).toBe('#6366f1');
    expect(parseLook(null).theme).toBe('#6366f1');
  });
});
