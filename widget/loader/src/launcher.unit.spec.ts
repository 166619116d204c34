import { parseLook } from './launcher';

describe('the loader launcher look', () => {
  it('reads back only a look the app reported, else the defaults', () => {
    expect(parseLook('{"theme":"#0f766e","icon":"#fff"}')).toEqual({ theme: '#0f766e', icon: '#fff' });
    expect(parseLook('{"theme":"url(x)","icon":"#fff"}')).toEqual({ theme: '#6366f1', icon: '#ffffff' });
    expect(parseLook('not json').theme).toBe('#6366f1');
    expect(parseLook(null).theme).toBe('#6366f1');
  });
});
