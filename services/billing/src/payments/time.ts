/** One calendar month on from `seconds` (epoch seconds), the same day where the month has it, else its last day. */
export function addMonthSeconds(seconds: number): number {
  const d = new Date(seconds * 1000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const lastDay = new Date(Date.UTC(y, m + 2, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Math.floor(Date.UTC(y, m + 1, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000);
}
