import type { PlanId } from '@parley/contracts';

export type AccountCommand =
  | {
      type: 'ReserveDomain';
      domainId: string;
      domain: string;
      plan: PlanId;
      /** -1 means unlimited. */
      maxDomains: number;
      /**
       * Held places whose domain was deleted, or whose add stopped half-way long ago: the handler
       * finds them, the decision frees them before counting.
       */
      abandonedDomainIds: string[];
      now: number;
    }
  | { type: 'ReleaseDomain'; domainId: string; now: number };
