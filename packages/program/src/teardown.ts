/** Something to undo on stop: close a connection, stop a consumer or a server. */
export type TeardownStep = () => unknown;

/** Where a failed step is reported; a program's Logger fits. */
export interface TeardownLogger {
  warn(details: object, message: string): void;
}

/**
 * What a program started, undone in reverse order: on stop, and when start-up fails half-way so
 * nothing it opened is left running. A step that fails is logged and the rest still run, because
 * one broken connection must not keep the others open.
 */
export class Teardown {
  private readonly steps: TeardownStep[] = [];
  private running: Promise<void> | undefined;

  constructor(private readonly logger: TeardownLogger) {}

  /** Adds a step; it runs before every step added earlier. */
  add(step: TeardownStep): void {
    // A step added after the run would silently never run: that is a wiring bug, say so.
    if (this.running) throw new Error('teardown has already run');
    this.steps.push(step);
  }

  /** Runs every step once, newest first; later calls wait for the same run. Never rejects. */
  run(): Promise<void> {
    this.running ??= this.runSteps();
    return this.running;
  }

  private async runSteps(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step();
      } catch (e) {
        this.logger.warn({ err: e }, 'error while stopping');
      }
    }
  }
}
