// `npm run eval`: every engine on the tuning businesses, the held-out one and the unseen ones.
// Prints the figures, the tuning set's misses, the unseen set's misses counted by shape only,
// and one JSON line per engine and set.
import { loadSets } from './cases';
import { enginesFrom } from './engines';
import { missLines, shapeLines, summaryLines } from './report';
import { evaluate } from './score';

async function main(): Promise<void> {
  const sets = loadSets();
  const quiet = process.argv.includes('--quiet');
  // While developing, only the tuning set and the development examples: the held-out and unseen
  // businesses are for measuring.
  const tuningOnly = process.argv.includes('--tuning');
  const variantAt = process.argv.indexOf('--variant');
  const variant = variantAt > 0 ? process.argv[variantAt + 1] : undefined;
  for (const entry of enginesFrom(process.env, variant)) {
    if ('unavailable' in entry) {
      console.log(`${entry.name}: ${entry.unavailable}`);
      continue;
    }
    for (const [set, businesses] of [
      ['tuning set', sets.tuning],
      ['development examples', sets.dev],
      ['held-out set', sets.heldOut],
      ['unseen set', sets.unseen],
      ['fresh unseen set', sets.fresh],
    ] as const) {
      const developing = set === 'tuning set' || set === 'development examples';
      if (!businesses.length || (tuningOnly && !developing)) continue;
      const scores = await evaluate(entry.engine, businesses);
      for (const line of summaryLines(entry.name, set, scores)) console.log(line);
      if (!quiet && developing) for (const line of missLines(scores)) console.log(line);
      if (!quiet && (set === 'unseen set' || set === 'fresh unseen set'))
        for (const line of shapeLines(scores)) console.log(line);
      console.log(
        JSON.stringify({
          engine: entry.name,
          set,
          messages: scores.messages,
          sourceAccuracy: scores.sourceAccuracy,
          intentAccuracy: scores.intentAccuracy,
          clarifyOrOfferRate: scores.clarifyOrOfferRate,
          handoffRate: scores.handoffRate,
          wording: scores.wording,
        }),
      );
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
