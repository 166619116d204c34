import { callerFrom, unary, type ServiceHandlers } from '@parley/grpc';
import type { MarketingRequest__Output as WebhooksRequest } from '@parley/grpc/generated/parley/notifications/v1';
import type { Logger } from '@parley/logger';
import {
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  type WebhooksDeps,
} from '../app/webhooks/endpoints';

/** proto <-> application mapping for parley.notifications.v1.Webhooks; no decisions here. */
export function webhooksService(
  deps: WebhooksDeps,
  logger: Logger,
): ServiceHandlers<'parley.notifications.v1.Webhooks'> {
  const call = (
    method: string,
    handler: (req: WebhooksRequest, caller: ReturnType<typeof callerFrom>) => Promise<unknown>,
  ) =>
    unary<WebhooksRequest, { json: string }>(
      async (req) => ({ json: JSON.stringify((await handler(req, callerFrom(req.caller))) ?? null) }),
      (error) => logger.error({ err: error, method }, 'webhooks call failed'),
    );
  return {
    ListEndpoints: call('ListEndpoints', (_req, caller) => listEndpoints(deps, caller)),
    CreateEndpoint: call('CreateEndpoint', (req, caller) => createEndpoint(deps, caller, req.inputJson)),
    DeleteEndpoint: call('DeleteEndpoint', (req, caller) => deleteEndpoint(deps, caller, req.id)),
    EnableEndpoint: call('EnableEndpoint', (req, caller) => enableEndpoint(deps, caller, req.id)),
    ListDeliveries: call('ListDeliveries', (req, caller) => listDeliveries(deps, caller, req.id)),
    ResendDelivery: call('ResendDelivery', (req, caller) =>
      resendDelivery(deps, caller, req.id, req.inputJson),
    ),
  };
}
