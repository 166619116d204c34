const DATE = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'March 5, 2026': a post's publication day, the same for every reader. */
export const postDate = (iso: string) => DATE.format(new Date(iso));
