import pino, { type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** One logger per program, with {service} on every line; children add request or message fields. */
export function createLogger(service: string, level: LoggerOptions['level'] = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'password',
        'confirmPassword',
        '*.password',
        '*.confirmPassword',
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  });
}
