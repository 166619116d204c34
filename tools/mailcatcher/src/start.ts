import type { AddressInfo, Server as NetServer } from 'node:net';
import type { Logger } from '@parley/logger';
import type { MailcatcherConfig } from './config';
import { createHttpServer } from './http';
import { createSmtpServer } from './smtp';
import { MessageStore } from './store';

export interface Mailcatcher {
  smtpPort: number;
  httpPort: number;
  stop(): Promise<void>;
}

function listen(server: NetServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startMailcatcher(
  config: Pick<MailcatcherConfig, 'host' | 'smtpPort' | 'httpPort'> & { maxMessages?: number },
  logger: Logger,
): Promise<Mailcatcher> {
  const store = new MessageStore(config.maxMessages ?? 500);
  const smtp = createSmtpServer(store, logger);
  const http = createHttpServer(store, logger);
  smtp.on('error', (e) => logger.warn({ err: e }, 'smtp error'));

  const smtpPort = await listen(smtp.server, config.smtpPort, config.host);
  let httpPort: number;
  try {
    httpPort = await listen(http, config.httpPort, config.host);
  } catch (e) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw e;
  }
  logger.info(
    { smtp: `${config.host}:${smtpPort}`, http: `http://${config.host}:${httpPort}` },
    'mail catcher listening',
  );

  let stopping: Promise<void> | undefined;
  return {
    smtpPort,
    httpPort,
    stop: () =>
      (stopping ??= Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        }),
      ]).then(() => undefined)),
  };
}
