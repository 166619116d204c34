/**
 * The revision a team read (the room list, a room's messages) is named by: the account's row
 * revision (migration 007) and the answers' format. Bump ANSWER_FORMAT whenever the same rows
 * would be answered differently (a new field, another order), so that a caller's answer kept
 * from the old code is not confirmed.
 */
const ANSWER_FORMAT = 1;

/** The revision to hand out, or '' when the account's rows have none yet (then nothing is kept). */
export const answerRevision = (rowsRevision: string | null): string =>
  rowsRevision === null ? '' : `${ANSWER_FORMAT}.${rowsRevision}`;

/** Whether the caller's kept answer is still the current one. */
export const stillCurrent = (ifRevision: string | undefined, current: string): boolean =>
  current !== '' && ifRevision === current;
