import { AppError, ClientSocketEvent, type VisitorMessageAck } from '@parley/contracts';
import type { Logger } from '@parley/logger';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io';
import type { CallContext } from '../clients/call-context';
import { toHttpError, type HttpError } from '../http/error-mapper';
import type { PostedVisitorMessage, VisitorMessageSender } from '../messages/post-visitor-message';
import { maintenanceError } from '../http/system-settings-guards';
import type { SocketIdentity } from '../realtime/channel-access';
import { clientIdOf, type SenderEchoes } from '../realtime/sender-echoes';
import type { SystemSettingsSource } from '../settings/system-settings-cache';

export interface VisitorMessageDeps {
  /** The same command POST /api/widget/messages runs (validation and rate limits included). */
  post(sender: VisitorMessageSender, body: unknown, context: CallContext): Promise<PostedVisitorMessage>;
  settings: SystemSettingsSource;
  logger: Logger;
}

const notAVisitor = () => new AppError('unauthenticated', 'Visitor sockets only', [], 'UNAUTHENTICATED');

/**
 * 'visitor-message' on a widget socket: the visitor's message over the connection the widget
 * already holds, instead of one HTTP request each (docs/benchmarks.md, realtime: express, its
 * middleware and the HTTP exchange were most of the gateway's CPU per message). The visitor is the
 * one the handshake verified (the socket is closed when its token runs out); everything else is
 * the POST's: maintenance mode refuses it, the body is validated the same way, the same rate
 * limits count it (the address is the handshake's), and refusals come back as the POST's status
 * and error body (with Retry-After as `retryAfter`). The relay leaves this socket out of the
 * message's echo (`echoes`): the ack carries the message.
 */
export function registerVisitorMessageHandler(
  socket: Socket,
  deps: VisitorMessageDeps,
  echoes: SenderEchoes,
): void {
  const { who, clientIp } = socket.data as { who: SocketIdentity; clientIp: string };
  socket.on(ClientSocketEvent.visitorMessage, async (payload: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return; // nobody to answer: the widget always asks for one
    const reply = ack as (answer: VisitorMessageAck) => void;
    // Checked by the post's own validation; an id it refuses is forgotten below.
    const clientId = clientIdOf(payload);
    try {
      if (who.kind !== 'visitor') throw notAVisitor();
      const { maintenanceMode } = await deps.settings.get();
      if (maintenanceMode) throw maintenanceError();
      if (clientId) echoes.posting(clientId, socket.id);
      const posted = await deps.post({ visitor: who.visitor, clientIp }, payload, {
        requestId: randomUUID(),
      });
      reply({ ok: true, data: posted });
    } catch (error) {
      if (clientId) echoes.failed(clientId, socket.id);
      const mapped = toHttpError(error);
      if (mapped.unexpected) deps.logger.error({ err: error }, 'visitor message failed unexpectedly');
      reply(refusalAck(mapped));
    }
  });
}

/** The POST's refusal as the socket's ack: its status, its error body, its Retry-After in seconds. */
export function refusalAck(mapped: HttpError): VisitorMessageAck {
  const retryAfter = mapped.headers['Retry-After'];
  return {
    ok: false,
    status: mapped.status,
    error: mapped.body.error,
    ...(retryAfter ? { retryAfter: Number(retryAfter) } : {}),
  };
}
