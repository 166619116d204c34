// Turns a program's pino JSON line into one readable console line; other lines pass unchanged.
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'service', 'msg']);

export function formatLogLine(line) {
  if (!line.startsWith('{')) return line;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || !('level' in entry)) return line;
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  const level = LEVELS[entry.level] ?? String(entry.level).toUpperCase();
  const extra = Object.entries(entry)
    .filter(([k]) => !HIDDEN.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  return [time, level.padEnd(5), entry.msg ?? '', extra].filter(Boolean).join(' ');
}

const COLOURS = [36, 35, 33, 32, 34, 91, 96];

/** `[name]` in a colour of its own when the console is a terminal. */
export function prefixFor(name, index, width, colour = process.stdout.isTTY) {
  const label = `[${name}]`.padEnd(width + 2);
  return colour ? `\x1b[${COLOURS[index % COLOURS.length]}m${label}\x1b[0m` : label;
}
