export type HostnameCommand =
  | {
      type: 'ClaimHostname';
      hostname: string;
      domainId: string;
      accountId: string;
      /**
       * The current holder's domain was deleted, or its add stopped half-way long ago (the handler
       * checks): its claim is released in the same decision.
       */
      holderAbandoned: boolean;
      now: number;
    }
  | { type: 'ReleaseHostname'; domainId: string; now: number };
