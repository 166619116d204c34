import { formatLogLine, prefixFor } from '../lib/log-format.mjs';

describe('formatLogLine', () => {
  it('turns a pino line into time, level, message and the other fields', () => {
    const line = JSON.stringify({
      level: 40,
      time: '2026-11-22T17:15:43.123Z',
      pid: 1,
      hostname: 'h',
      service: 'gateway',
      msg: 'slow call',
      method: 'Login',
      ms: 812,
    });
    expect(formatLogLine(line)).toBe('17:15:43 WARN  slow call method=Login ms=812');
  });

  it('passes other lines through unchanged', () => {
    expect(formatLogLine('  ▲ Next.js 16')).toBe('  ▲ Next.js 16');
    expect(formatLogLine('{not json')).toBe('{not json');
    expect(formatLogLine('{"a":1}')).toBe('{"a":1}');
  });
});

describe('prefixFor', () => {
  it('pads names to one width, coloured only for a terminal', () => {
    expect(prefixFor('gateway', 0, 13, false)).toBe('[gateway]      ');
    const coloured = prefixFor('gateway', 0, 13, true);
    expect(coloured.startsWith('\u001b[')).toBe(true);
    expect(coloured.endsWith('[gateway]      \u001b[0m')).toBe(true);
  });
});
