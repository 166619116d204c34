import type { AppError, ContentErrorCode } from '@parley/contracts';
import {
  slugClaimDecider,
  slugClaimId,
  type SlugClaimState,
  type SlugScope,
} from '../../domain/editorial/slug-claim';
import type { ContentDeps } from '../deps';
import { runEditorial } from './guards';

/** A claim younger than this whose holder has no events yet is a creation under way, not an orphan. */
const IN_FLIGHT_MS = 60_000;

export interface SlugHolder {
  /** The aggregate holding slugs of this scope ('post', 'tag', 'category'). */
  aggregate: string;
  /** The slug the holder's events say it has now; null when it has none (deleted, or no events). */
  currentSlug(events: { type: string; data: unknown }[]): string | null;
}

/**
 * Makes `slug` the holder's. A slug another holder still uses is refused with `taken`; one its
 * holder has left (moved to another slug, or deleted) without the release being written is
 * taken over. Race-free: the claim is appended with the version this decision saw.
 */
export async function claimSlug(
  deps: ContentDeps,
  scope: SlugScope,
  slug: string,
  holderId: string,
  holder: SlugHolder,
  taken: () => AppError<ContentErrorCode>,
  actorId: string,
): Promise<void> {
  const guard = async (state: SlugClaimState) => {
    if (!state.holder || state.holder === holderId) return;
    const { events } = await deps.store.load(deps.store.subject(holder.aggregate, state.holder));
    if (events.length === 0) {
      const age = Date.now() - Date.parse(state.claimedAt ?? '');
      if (!(age > IN_FLIGHT_MS)) throw taken();
      return;
    }
    if (holder.currentSlug(events) === slug) throw taken();
  };
  await runEditorial(
    deps,
    'slug',
    slugClaimId(scope, slug),
    slugClaimDecider,
    { type: 'Claim', scope, slug, holderId, now: deps.clock() },
    actorId,
    { guard },
  );
}

/** Frees the holder's old slug (nothing when another holder has it by now). */
export async function releaseSlug(
  deps: ContentDeps,
  scope: SlugScope,
  slug: string,
  holderId: string,
  actorId: string,
): Promise<void> {
  await runEditorial(
    deps,
    'slug',
    slugClaimId(scope, slug),
    slugClaimDecider,
    { type: 'Release', holderId, now: deps.clock() },
    actorId,
  );
}
