/**
 * A summary tool's command line: the one file it reads and its `--name=value` options. Without a
 * file it prints `usage` and exits.
 */
export function toolArgs(usage) {
  const words = process.argv.slice(2);
  const options = Object.fromEntries(
    words.filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')),
  );
  const file = words.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return { file, options };
}
