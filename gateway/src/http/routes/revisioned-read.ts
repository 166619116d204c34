import { AppError } from '@parley/contracts';
import type { Caller } from '@parley/grpc';
import type { Request, Response } from 'express';
import { jsonTextEtag, sendJsonText } from '../json-text';
import type { TeamRead, TeamReadCache } from './team-read-cache';

/** What conversations answers to a read it names by a revision. */
export interface Revisioned {
  revision: string;
  unchanged: boolean;
}

/**
 * Answers a team read that conversations names by a revision: asks with the revision of the
 * answer kept for this caller and read, and sends the kept answer when conversations confirms it
 * unchanged; otherwise sends the fresh one `view` makes, and keeps it when it has a revision and
 * `view` says it shows nothing but conversations' rows.
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
  const kept = cache.get(caller, read);
  const answer = await ask(kept?.revision ?? '');
  res.set('Cache-Control', 'no-store');
  if (answer.unchanged) {
    // Only ever said to an if_revision, which is sent only with a kept answer.
    if (!kept) throw new AppError('internal', 'conversations confirmed an answer the gateway did not keep');
    sendJsonText(res, kept.body, kept.etag);
    return;
  }
  const { body: value, onlyConversations } = await view(answer);
  const body = JSON.stringify(value);
  const etag = jsonTextEtag(req, body);
  if (answer.revision && onlyConversations)
    cache.keep(caller, read, { revision: answer.revision, body, etag });
  else cache.forget(caller, read);
  sendJsonText(res, body, etag);
}
