export { formatDate, formatDateTime } from '../editorial/format';

/** '1 contact', '1,200 contacts' */
export const plural = (n: number, word: string) =>
  `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
