import { createHash } from 'node:crypto';
import { EditorialEvent } from '@parley/contracts';
import type { Decider, DomainEvent } from '@parley/eventstore';

/** What a slug names: a post's page, a tag's or a category's filter of the blog. */
export type SlugScope = 'post' | 'tag' | 'category';

/**
 * The claim's aggregate id (subject content.slug.<id>): one per scope and slug, so two posts (or
 * two tags) cannot end up with one address. Appended with the version the decision saw: race-free.
 */
export const slugClaimId = (scope: SlugScope, slug: string) =>
  createHash('sha256').update(`${scope}:${slug}`).digest('hex').slice(0, 40);

export type SlugClaimCommand =
  | { type: 'Claim'; scope: SlugScope; slug: string; holderId: string; now: Date }
  | { type: 'Release'; holderId: string; now: Date };

export type SlugClaimEvent = DomainEvent<
  string,
  { scope: SlugScope; slug: string; holderId: string; previousHolderId?: string | null; at: string }
>;

export interface SlugClaimState {
  scope: SlugScope | null;
  slug: string | null;
  /** The post, tag or category holding it; null while free. */
  holder: string | null;
  /** When the holder claimed it (a claim just made may precede its holder's first event). */
  claimedAt: string | null;
}

/**
 * A free slug goes to whoever claims it; a held one is taken over only after the application
 * made sure its holder no longer uses it (the holder moved to another slug or was deleted, and
 * its release never got written): executeCommand's guard does that check, this stays pure.
 */
export const slugClaimDecider: Decider<SlugClaimCommand, SlugClaimEvent, SlugClaimState> = {
  initialState: { scope: null, slug: null, holder: null, claimedAt: null },
  evolve(state, event) {
    if (event.type === EditorialEvent.SlugClaimed)
      return {
        scope: event.data.scope,
        slug: event.data.slug,
        holder: event.data.holderId,
        claimedAt: event.data.at,
      };
    if (event.type === EditorialEvent.SlugReleased) return { ...state, holder: null };
    return state;
  },
  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'Claim') {
      if (state.holder === command.holderId) return [];
      return [
        {
          type: EditorialEvent.SlugClaimed,
          data: {
            scope: command.scope,
            slug: command.slug,
            holderId: command.holderId,
            previousHolderId: state.holder,
            at,
          },
        },
      ];
    }
    if (state.holder !== command.holderId || !state.scope || !state.slug) return [];
    return [
      {
        type: EditorialEvent.SlugReleased,
        data: { scope: state.scope, slug: state.slug, holderId: command.holderId, at },
      },
    ];
  },
};
