import type { Decider } from '@parley/eventstore';
import { domainExists } from '../shared/errors';
import { iso } from '../shared/time';
import type { HostnameCommand } from './commands';
import type { HostnameEvent } from './events';
import { HostnameEventType as T } from './events';
import { evolveHostname, initialHostnameState, type HostnameState } from './state';

export function decideHostname(command: HostnameCommand, state: HostnameState): HostnameEvent[] {
  const at = iso(command.now);
  const { holder } = state;
  switch (command.type) {
    case 'ClaimHostname': {
      if (holder?.domainId === command.domainId) return []; // the same add, retried
      if (holder && !command.holderAbandoned) throw domainExists();
      const claim: HostnameEvent = {
        type: T.Claimed,
        data: {
          hostname: command.hostname,
          domainId: command.domainId,
          accountId: command.accountId,
          claimedAt: at,
        },
      };
      return holder
        ? [{ type: T.Released, data: { domainId: holder.domainId, releasedAt: at } }, claim]
        : [claim];
    }
    case 'ReleaseHostname':
      return holder?.domainId === command.domainId
        ? [{ type: T.Released, data: { domainId: command.domainId, releasedAt: at } }]
        : [];
  }
}

export const hostnameDecider: Decider<HostnameCommand, HostnameEvent, HostnameState> = {
  initialState: initialHostnameState,
  evolve: evolveHostname,
  decide: decideHostname,
};
