export type RequestLogLevel = 'error' | 'warn' | 'info' | 'debug' | 'silent';

/**
 * The request log line's level. A dependency being down (503) is worth a warning; only what we
 * did not expect is an error. A visitor's chat message is the gateway's most frequent request
 * (every message of every widget): its successful answers are logged at debug, and not built at
 * all when debug is off; its refusals and failures keep their level.
 */
export function requestLogLevel(
  request: { method?: string; path: string },
  status: number,
  error: Error | undefined,
  debugEnabled: boolean,
): RequestLogLevel {
  if (error || (status >= 500 && status !== 503)) return 'error';
  if (status === 503) return 'warn';
  if (status < 400 && request.method === 'POST' && request.path === '/api/widget/messages')
    return debugEnabled ? 'debug' : 'silent';
  return 'info';
}
