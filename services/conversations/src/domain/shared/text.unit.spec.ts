import { EMPTY_MESSAGE, MESSAGE_TOO_LONG } from '@parley/contracts';
import { checkedText, cleanVisitorText, hasInternalNoteMarker } from './text';

describe('visitor text', () => {
  it('trims and removes script elements, keeping everything else as written', () => {
    expect(cleanVisitorText('  Hi <SCRIPT type="x">alert(1)</script > there <b>&amp;</b> ')).toBe(
      'Hi  there <b>&amp;</b>',
    );
    expect(cleanVisitorText('a<script>x</script>b<script>y</script>c')).toBe('abc');
    expect(cleanVisitorText('ok <script>never closed')).toBe('ok');
  });

  it('refuses what is empty after cleaning, and more than 4000 characters', () => {
    expect(() => cleanVisitorText(' <script>x</script> ')).toThrow(EMPTY_MESSAGE);
    expect(() => checkedText('\n\t ')).toThrow(EMPTY_MESSAGE);
    expect(() => cleanVisitorText('a'.repeat(4001))).toThrow(MESSAGE_TOO_LONG);
    expect(cleanVisitorText(` ${'a'.repeat(4000)} `)).toHaveLength(4000);
  });
});

describe('internal note marker', () => {
  it('recognises the bracketed marker only', () => {
    expect(hasInternalNoteMarker('[Internal Note] call back tomorrow')).toBe(true);
    expect(hasInternalNoteMarker('see [ internal  note ]: later')).toBe(true);
    expect(hasInternalNoteMarker('An internal note without brackets')).toBe(false);
  });
});
