import { loadService, rpcClient, type CallerTokenSigner } from '@parley/grpc';

/** A service's projections as parley.projections.v1.Projections reports them. */
export interface ProjectionsClient {
  /** Dead letters not replayed yet, by projection name. */
  deadLetterCounts(deadlineMs: number): Promise<Record<string, number>>;
  close(): void;
}

/** Every call names its deadline; this one is never used. */
const DEFAULT_DEADLINE_MS = 5_000;

export function createProjectionsClient(address: string, callerToken?: CallerTokenSigner): ProjectionsClient {
  const Projections = loadService('projections/v1/projections.proto', 'parley.projections.v1.Projections');
  const rpc = rpcClient(Projections, address, { deadlineMs: DEFAULT_DEADLINE_MS, callerToken });
  return {
    deadLetterCounts: async (deadlineMs) => {
      const { projections } = await rpc.deadLetterCounts({}, { deadlineMs });
      return Object.fromEntries(projections.map((p) => [p.projection, p.count]));
    },
    close: () => rpc.close(),
  };
}
