import { blankAsUnset, logLevel, parseConfig, port, z } from '@parley/config';

/** The environment this program reads; exported so the runner tests can check the stack sets it right. */
export const configSchema = z.object({
  MAILCATCHER_SMTP_PORT: port(1025),
  MAILCATCHER_HTTP_PORT: port(1080),
  /** Loopback by default: the catcher shows every mail it gets, so it must not face a network. */
  MAILCATCHER_HOST: z.string().min(1).default('127.0.0.1'),
  MAILCATCHER_MAX_MESSAGES: blankAsUnset(z.coerce.number().int().min(1).max(100_000).default(500)),
  LOG_LEVEL: logLevel,
});

export interface MailcatcherConfig {
  host: string;
  /** 0 picks a free port (tests). */
  smtpPort: number;
  httpPort: number;
  /** Older messages are dropped beyond this many. */
  maxMessages: number;
  logLevel: z.infer<typeof logLevel>;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): MailcatcherConfig {
  const c = parseConfig('mailcatcher', configSchema, env);
  return {
    host: c.MAILCATCHER_HOST,
    smtpPort: c.MAILCATCHER_SMTP_PORT,
    httpPort: c.MAILCATCHER_HTTP_PORT,
    maxMessages: c.MAILCATCHER_MAX_MESSAGES,
    logLevel: c.LOG_LEVEL,
  };
}
