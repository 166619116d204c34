const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Mar 5, 2026' */
export const formatDate = (iso: string) => DATE.format(new Date(iso));
/** 'Mar 5, 2026, 2:30 PM' */
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));

/** '1.2 MB', '340 KB' */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
