/**
 * A new custom link's or popular topic's id, made in the browser so the entry has its key from
 * the moment it is added (the API gives one to an entry sent without, too).
 */
export const newEntryId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
