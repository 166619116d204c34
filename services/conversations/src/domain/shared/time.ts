export const iso = (ms: number): string => new Date(ms).toISOString();
