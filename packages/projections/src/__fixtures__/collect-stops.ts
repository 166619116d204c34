import type { StopSteps } from '../starter';

/** A StopSteps that keeps the steps, run newest first like @parley/program's Teardown. */
export function collectStops(): StopSteps & { steps: (() => Promise<void> | void)[]; run(): Promise<void> } {
  const steps: (() => Promise<void> | void)[] = [];
  return {
    steps,
    add: (step) => void steps.push(step),
    async run() {
      for (const step of steps.splice(0).reverse()) await step();
    },
  };
}
