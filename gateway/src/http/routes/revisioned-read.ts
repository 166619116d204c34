import { AppError } from '@parley/contracts';
import type { Caller } from '@parley/grpc';
import type { Request, Response } from 'express';
import { jsonTextEtag, sendJsonText } from '../json-text';
import type { SentAnswer, TeamRead, TeamReadCache } from './team-read-cache';

/** What conversations answers to a read it names by a revision. */
export interface Revisioned {
  revision: string;
  unchanged: boolean;
}

/**
 * Answers a team read that conversations names by a revision: asks with the revision of the
 * answer kept for this caller and read, and sends the kept answer when conversations confirms it
 * unchanged; otherwise sends the fresh one `view` makes, and keeps it when it has a revision and
 * `view` says it shows nothing but conversations' rows. Requests for the same caller and read that
 * come together share one such fetch.
 */
export async function sendRevisionedRead<T extends Revisioned>(
  cache: TeamReadCache,
  caller: Caller,
  read: TeamRead,
  ask: (ifRevision: string) => Promise<T>,
  view: (answer: T) => Promise<{ body: object; onlyConversations: boolean }>,
  req: Request,
  res: Response,
): Promise<void> {
  const answer = await cache.shared(caller, read, async (): Promise<SentAnswer> => {
    const kept = cache.get(caller, read);
    const asked = await ask(kept?.revision ?? '');
    if (asked.unchanged) {
      // Only ever said to an if_revision, which is sent only with a kept answer.
      if (!kept) throw new AppError('internal', 'conversations confirmed an answer the gateway did not keep');
      return kept;
    }
    const { body: value, onlyConversations } = await view(asked);
    const body = JSON.stringify(value);
    const etag = jsonTextEtag(req, body);
    if (asked.revision && onlyConversations)
      cache.keep(caller, read, { revision: asked.revision, body, etag });
    else cache.forget(caller, read);
    return { body, etag };
  });
  res.set('Cache-Control', 'no-store');
  sendJsonText(res, answer.body, answer.etag);
}
