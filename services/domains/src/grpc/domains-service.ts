import type { DomainDetailView, DomainView, FilterQuestionView } from '@parley/contracts';
import { callerFrom, unary, type CallerMessage, type ServiceHandlers } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import { addDomain } from '../app/add-domain';
import { deleteDomain } from '../app/delete-domain';
import type { DomainsDeps } from '../app/deps';
import { getBusinessHours, saveBusinessHours } from '../app/business-hours';
import { addFilterQuestion, deleteFilterQuestion } from '../app/filter-questions';
import {
  domainBelongsTo,
  getDomain,
  listDomains,
  listFilterQuestions,
  publicFilterQuestions,
  widgetProfile,
} from '../app/queries';
import { saveConfig, updateHomeSettings, updateSettings } from '../app/settings';
import { parseDocument } from '../app/validate';

/** Every request but CheckDomain's and the public widget reads' names its caller. */

const domainMessage = (d: DomainView) => ({ id: d.id, domain: d.domain, createdAt: d.createdAt });
const detailMessage = (d: DomainDetailView) => ({
  domain: domainMessage(d),
  settingsJson: JSON.stringify(d.settings),
  homeSettingsJson: JSON.stringify(d.homeSettings),
  configJson: d.config ? JSON.stringify(d.config) : '',
});
const questionMessage = (q: FilterQuestionView) => q;

/** proto <-> application mapping for parley.domains.v1.Domains; no decisions are made here. */
export function domainsService(
  deps: DomainsDeps,
  logger: Logger,
): ServiceHandlers<'parley.domains.v1.Domains'> {
  const onInternal = (method: string) => (error: unknown) =>
    logger.error({ err: error, method }, 'domains call failed');
  const rpc = <Req extends { caller: CallerMessage | null }, Res>(
    method: string,
    handler: (req: Req, caller: ReturnType<typeof callerFrom>) => Promise<Res>,
  ) => unary<Req, Res>(async (req) => handler(req, callerFrom(req.caller)), onInternal(method));

  return {
    ListDomains: rpc('ListDomains', async (_req, caller) => {
      const { domains, limits } = await listDomains(deps, caller);
      return { domains: domains.map(domainMessage), maxDomains: limits.maxDomains, used: limits.used };
    }),
    AddDomain: rpc('AddDomain', async (req, caller) =>
      detailMessage(await addDomain(deps, caller, { domain: req.domain })),
    ),
    GetDomain: rpc('GetDomain', async (req, caller) =>
      detailMessage(await getDomain(deps, caller, req.domainId)),
    ),
    DeleteDomain: rpc('DeleteDomain', async (req, caller) => {
      await deleteDomain(deps, caller, { domainId: req.domainId });
      return {};
    }),
    UpdateSettings: rpc('UpdateSettings', async (req, caller) => {
      const changes = parseDocument(req.json, 'Settings');
      return {
        json: JSON.stringify(await updateSettings(deps, caller, { domainId: req.domainId, changes })),
      };
    }),
    UpdateHomeSettings: rpc('UpdateHomeSettings', async (req, caller) => {
      const changes = parseDocument(req.json, 'Home settings');
      return {
        json: JSON.stringify(await updateHomeSettings(deps, caller, { domainId: req.domainId, changes })),
      };
    }),
    GetConfig: rpc('GetConfig', async (req, caller) => {
      const { config } = await getDomain(deps, caller, req.domainId);
      return { json: config ? JSON.stringify(config) : '' };
    }),
    SaveConfig: rpc('SaveConfig', async (req, caller) => {
      const config = parseDocument(req.json, 'Configuration');
      return { json: JSON.stringify(await saveConfig(deps, caller, { domainId: req.domainId, config })) };
    }),
    GetBusinessHours: rpc('GetBusinessHours', async (req, caller) => ({
      json: JSON.stringify(await getBusinessHours(deps, caller, req.domainId)),
    })),
    SaveBusinessHours: rpc('SaveBusinessHours', async (req, caller) => {
      const businessHours = parseDocument(req.json, 'Business hours');
      return {
        json: JSON.stringify(
          await saveBusinessHours(deps, caller, { domainId: req.domainId, businessHours }),
        ),
      };
    }),
    ListFilterQuestions: rpc('ListFilterQuestions', async (req, caller) => ({
      questions: (await listFilterQuestions(deps, caller, req.domainId)).map(questionMessage),
    })),
    AddFilterQuestion: rpc('AddFilterQuestion', async (req, caller) =>
      questionMessage(
        await addFilterQuestion(deps, caller, {
          domainId: req.domainId,
          question: req.question,
          answer: req.answer,
        }),
      ),
    ),
    DeleteFilterQuestion: rpc('DeleteFilterQuestion', async (req, caller) => {
      await deleteFilterQuestion(deps, caller, { questionId: req.questionId });
      return {};
    }),
    CheckDomain: unary(async (req) => {
      const domain = await domainBelongsTo(deps, req.accountId, req.domainId);
      return domain ? { belongs: true, domain: domainMessage(domain) } : { belongs: false };
    }, onInternal('CheckDomain')),
    GetWidgetProfile: unary(async (req) => {
      const profile = await widgetProfile(deps, req.domainId);
      return {
        domain: domainMessage(profile),
        settingsJson: JSON.stringify(profile.settings),
        homeSettingsJson: JSON.stringify(profile.homeSettings),
        businessHoursJson: JSON.stringify(profile.businessHours),
      };
    }, onInternal('GetWidgetProfile')),
    ListPublicFilterQuestions: unary(
      async (req) => ({ questions: await publicFilterQuestions(deps, req.domainId) }),
      onInternal('ListPublicFilterQuestions'),
    ),
  };
}
