import { callerFrom, unary, type ServiceHandlers } from '@parley/grpc';
import type { MarketingRequest__Output as MarketingRequest } from '@parley/grpc/generated/parley/notifications/v1';
import type { Logger } from '@parley/logger';
import {
  deleteCampaign,
  getCampaign,
  listCampaigns,
  previewCampaign,
  saveCampaign,
  sendCampaign,
  testCampaign,
  unscheduleCampaign,
} from '../app/marketing/campaigns';
import { contacts } from '../app/marketing/contacts';
import type { MarketingDeps } from '../app/marketing/deps';
import { unsubscribe } from '../app/marketing/unsubscribe';

/** proto <-> application mapping for parley.notifications.v1.Marketing; no decisions here. */
export function marketingService(
  deps: MarketingDeps,
  logger: Logger,
): ServiceHandlers<'parley.notifications.v1.Marketing'> {
  const call = (
    method: string,
    handler: (req: MarketingRequest, caller: ReturnType<typeof callerFrom>) => Promise<unknown>,
  ) =>
    unary<MarketingRequest, { json: string }>(
      async (req) => ({ json: JSON.stringify((await handler(req, callerFrom(req.caller))) ?? null) }),
      (error) => logger.error({ err: error, method }, 'marketing call failed'),
    );
  return {
    ListContacts: call('ListContacts', (req, caller) => contacts(deps, caller, req.queryJson)),
    ListCampaigns: call('ListCampaigns', (_req, caller) => listCampaigns(deps, caller)),
    GetCampaign: call('GetCampaign', (req, caller) => getCampaign(deps, caller, req.id)),
    SaveCampaign: call('SaveCampaign', (req, caller) => saveCampaign(deps, caller, req.id, req.inputJson)),
    DeleteCampaign: call('DeleteCampaign', (req, caller) => deleteCampaign(deps, caller, req.id)),
    SendCampaign: call('SendCampaign', (req, caller) => sendCampaign(deps, caller, req.id, req.inputJson)),
    UnscheduleCampaign: call('UnscheduleCampaign', (req, caller) => unscheduleCampaign(deps, caller, req.id)),
    PreviewCampaign: call('PreviewCampaign', (req, caller) => previewCampaign(deps, caller, req.inputJson)),
    TestCampaign: call('TestCampaign', (req, caller) => testCampaign(deps, caller, req.inputJson)),
    Unsubscribe: unary(
      (req) => unsubscribe(deps, req.token),
      (error) => logger.error({ err: error, method: 'Unsubscribe' }, 'marketing call failed'),
    ),
  };
}
