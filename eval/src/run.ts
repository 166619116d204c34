// `npm run eval`: every engine on the tuning businesses and on the held-out ones. Prints the
// figures, the misses, and one JSON line per engine and set.
import { loadSets } from './cases';
import { enginesFrom } from './engines';
import { missLines, summaryLines } from './report';
import { evaluate } from './score';

async function main(): Promise<void> {
  const sets = loadSets();
  const quiet = process.argv.includes('--quiet');
  // While developing, only the tuning set: the held-out businesses are for the final figures.
  const tuningOnly = process.argv.includes('--tuning');
  for (const entry of enginesFrom(process.env)) {
    if ('unavailable' in entry) {
      console.log(`${entry.name}: ${entry.unavailable}`);
      continue;
    }
    for (const [set, businesses] of [
      ['tuning set', sets.tuning],
      ['held-out set', sets.heldOut],
      ['all', [...sets.tuning, ...sets.heldOut]],
    ] as const) {
      if (!businesses.length || (tuningOnly && set !== 'tuning set')) continue;
      const scores = await evaluate(entry.engine, businesses);
      for (const line of summaryLines(entry.name, set, scores)) console.log(line);
      if (!quiet && set !== 'all') for (const line of missLines(scores)) console.log(line);
      console.log(
        JSON.stringify({
          engine: entry.name,
          set,
          messages: scores.messages,
          sourceAccuracy: scores.sourceAccuracy,
          intentAccuracy: scores.intentAccuracy,
          handoffRate: scores.handoffRate,
        }),
      );
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
