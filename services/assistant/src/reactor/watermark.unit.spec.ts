import { Watermark } from './watermark';

describe('Watermark', () => {
  it('stays below the lowest unfinished sequence while later ones finish', () => {
    const w = new Watermark(10);
    w.begin(11);
    w.begin(12);
    w.finish(13); // an event that needed nothing
    w.finish(12);
    expect(w.position).toBe(10);
    w.finish(11);
    expect(w.position).toBe(13);
  });

  it('knows what was begun, and what is still being worked on', () => {
    const w = new Watermark(5);
    w.begin(6);
    expect(w.seen(4)).toBe(true);
    expect(w.seen(6)).toBe(true);
    expect(w.working(6)).toBe(true);
    expect(w.seen(7)).toBe(false);
    w.finish(6);
    expect(w.working(6)).toBe(false);
  });
});
