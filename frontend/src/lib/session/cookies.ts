/** Cookie names of docs/api.md (set by the gateway) and the theme cookie (set by us). */
export const ACCESS_COOKIE = 'parley_at';
export const REFRESH_COOKIE = 'parley_rt';
export const SESSION_HINT_COOKIE = 'parley_session';
export const THEME_COOKIE = 'parley_theme';
