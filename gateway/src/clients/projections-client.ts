import { callUnary, createClient, loadService, type CallerTokenSigner } from '@parley/grpc';

/** A service's projections as parley.projections.v1.Projections reports them. */
export interface ProjectionsClient {
  /** Dead letters not replayed yet, by projection name. */
  deadLetterCounts(deadlineMs: number): Promise<Record<string, number>>;
  close(): void;
}

export function createProjectionsClient(address: string, callerToken?: CallerTokenSigner): ProjectionsClient {
  const Projections = loadService('projections/v1/projections.proto', 'parley.projections.v1.Projections');
  const client = createClient(Projections, address, { callerToken });
  return {
    deadLetterCounts: async (deadlineMs) => {
      const { projections } = await callUnary<
        object,
        { projections: { projection: string; count: number }[] }
      >(client, 'deadLetterCounts', {}, { deadlineMs });
      return Object.fromEntries(projections.map((p) => [p.projection, p.count]));
    },
    close: () => client.close(),
  };
}
