import type { Projection, ProjectionRunner } from './api';
import { projectionMetrics } from './metrics';
import { startProjection, type StartProjectionOptions } from './runner';
import { startSharedProjections } from './shared-runner';

/** Where a program collects what to undo on stop; @parley/program's Teardown fits. */
export interface StopSteps {
  add(step: () => Promise<void> | void): void;
}

/** What every projection of a program shares: its connections, namespace and logger. */
export type SharedProjectionOptions = Omit<StartProjectionOptions, 'projection'>;

/** What one projection may set for itself, over the shared options (e.g. synchronousCommit). */
export type OwnProjectionOptions = Partial<Omit<StartProjectionOptions, 'projection' | 'nc' | 'pool'>>;

/** Starts one projection and registers its stop; resolves once the runner is consuming. */
export type ProjectionStarter = ((
  projection: Projection,
  own?: OwnProjectionOptions,
) => Promise<ProjectionRunner>) & {
  /**
   * Starts projections of the same subjects over one durable consumer named `consumer`
   * (startSharedProjections) and registers their stop; one runner per projection, in order.
   */
  shared(
    consumer: string,
    projections: Projection[],
    own?: OwnProjectionOptions,
  ): Promise<ProjectionRunner[]>;
};

/**
 * A program's way to start its projections: each call starts one with the shared options and
 * adds its stop to `stops` once it runs, so a start-up that fails later stops it again. Returned
 * as a function rather than taking a list because programs start projections between other
 * steps (a stream to create first, a read model a later step needs).
 */
export function projectionStarter(stops: StopSteps, shared: SharedProjectionOptions): ProjectionStarter {
  const metrics = projectionMetrics(shared);
  const run = async (projection: Projection, own: OwnProjectionOptions = {}) => {
    const runner = await startProjection({ ...shared, ...own, projection });
    const forget = metrics.add({
      name: projection.name,
      context: projection.context,
      position: () => runner.position(),
    });
    stops.add(async () => {
      forget();
      await runner.stop();
    });
    return runner;
  };
  const runShared = async (consumer: string, projections: Projection[], own: OwnProjectionOptions = {}) => {
    const runners = await startSharedProjections({ ...shared, ...own, consumer, projections });
    const forget = runners.map((runner, i) =>
      metrics.add({
        name: runner.name,
        context: projections[i]!.context,
        position: () => runner.position(),
        consumer,
      }),
    );
    stops.add(async () => {
      for (const f of forget) f();
      await runners[0]!.stop(); // stops them all: they share one session
    });
    return runners;
  };
  return Object.assign(run, { shared: runShared });
}
