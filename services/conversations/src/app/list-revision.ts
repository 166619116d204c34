/**
 * The revision a list answer is named by: the account's row revision (migration 007) and the
 * answer's format. Bump LIST_ANSWER_FORMAT whenever the same rows would be answered differently
 * (a new field, another order), so a caller's kept answer from the old code is not confirmed.
 */
const LIST_ANSWER_FORMAT = 1;

/** The revision to hand out, or '' when the account's rows have none yet (then nothing is kept). */
export const listRevision = (rowsRevision: string | null): string =>
  rowsRevision === null ? '' : `${LIST_ANSWER_FORMAT}.${rowsRevision}`;

/** Whether the caller's kept answer is still the current one. */
export const stillCurrent = (ifRevision: string | undefined, current: string): boolean =>
  current !== '' && ifRevision === current;
