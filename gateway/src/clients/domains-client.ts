import {
  BUSINESS_HOURS_DEFAULTS,
  type BusinessHours,
  type DomainConfig,
  type DomainDetailView,
  type DomainLimits,
  type DomainSettings,
  type DomainView,
  type FilterQuestionView,
  type WidgetHomeSettings,
} from '@parley/contracts';
import { loadService, rpcClient, type Caller, type CallerTokenSigner } from '@parley/grpc';
import type { Domain__Output, DomainDetail__Output } from '@parley/grpc/generated/parley/domains/v1';
import { metadataOf, type CallContext } from './call-context';

// Domains always answers a detail with its domain.
const domainOf = (d: { domain: Domain__Output | null }): DomainView => d.domain as DomainView;

const fromDetail = (d: DomainDetail__Output): DomainDetailView => ({
  ...domainOf(d),
  settings: JSON.parse(d.settingsJson) as DomainSettings,
  homeSettings: JSON.parse(d.homeSettingsJson) as WidgetHomeSettings,
  config: d.configJson ? (JSON.parse(d.configJson) as DomainConfig) : null,
});

export interface WidgetProfileView {
  domain: DomainView;
  settings: DomainSettings;
  homeSettings: WidgetHomeSettings;
  businessHours: BusinessHours;
}

/** proto/domains/v1/domains.proto as the gateway uses it; rejections are AppErrors. */
export interface DomainsClient {
  listDomains(
    caller: Caller,
    context?: CallContext,
  ): Promise<{ domains: DomainView[]; limits: DomainLimits }>;
  addDomain(caller: Caller, domain: string, context?: CallContext): Promise<DomainDetailView>;
  getDomain(caller: Caller, domainId: string, context?: CallContext): Promise<DomainDetailView>;
  deleteDomain(caller: Caller, domainId: string, context?: CallContext): Promise<void>;
  /** `changes` is the request body as sent: the service re-checks it (a blank optional text clears). */
  updateSettings(
    caller: Caller,
    domainId: string,
    changes: unknown,
    context?: CallContext,
  ): Promise<DomainSettings>;
  updateHomeSettings(
    caller: Caller,
    domainId: string,
    changes: unknown,
    context?: CallContext,
  ): Promise<WidgetHomeSettings>;
  getConfig(caller: Caller, domainId: string, context?: CallContext): Promise<DomainConfig | null>;
  getBusinessHours(caller: Caller, domainId: string, context?: CallContext): Promise<BusinessHours>;
  /** The whole document as sent: the service re-checks it. */
  saveBusinessHours(
    caller: Caller,
    domainId: string,
    hours: unknown,
    context?: CallContext,
  ): Promise<BusinessHours>;
  saveConfig(caller: Caller, domainId: string, config: unknown, context?: CallContext): Promise<DomainConfig>;
  listFilterQuestions(caller: Caller, domainId: string, context?: CallContext): Promise<FilterQuestionView[]>;
  addFilterQuestion(
    caller: Caller,
    input: { domainId: string; question: string; answer: string },
    context?: CallContext,
  ): Promise<FilterQuestionView>;
  deleteFilterQuestion(caller: Caller, questionId: string, context?: CallContext): Promise<void>;
  /** Public (no caller): what a visitor's widget may read of any domain; 404 DOMAIN_NOT_FOUND. */
  getWidgetProfile(domainId: string, context?: CallContext): Promise<WidgetProfileView>;
  /** Public: the domain's questions without the owner's answers. */
  listPublicFilterQuestions(
    domainId: string,
    context?: CallContext,
  ): Promise<Array<{ id: string; question: string }>>;
  close(): void;
}

export function createDomainsClient(
  address: string,
  deadlineMs: number,
  callerToken?: CallerTokenSigner,
): DomainsClient {
  const Domains = loadService('domains/v1/domains.proto', 'parley.domains.v1.Domains');
  const rpc = rpcClient(Domains, address, { deadlineMs, callerToken });
  const call = (context?: CallContext) => ({ metadata: metadataOf(context) });
  const callerOf = (caller: Caller) => ({
    userId: caller.userId,
    role: caller.role,
    accountId: caller.accountId,
  });
  const documentOf = (answer: { json: string }) => JSON.parse(answer.json) as unknown;
  const documentRequest = (caller: Caller, domainId: string, body: unknown) => ({
    caller: callerOf(caller),
    domainId,
    json: JSON.stringify(body ?? {}),
  });

  return {
    listDomains: async (caller, context) => {
      const answer = await rpc.listDomains({ caller: callerOf(caller) }, call(context));
      return {
        domains: answer.domains as DomainView[],
        limits: { maxDomains: answer.maxDomains, used: answer.used },
      };
    },
    addDomain: async (caller, domain, context) =>
      fromDetail(await rpc.addDomain({ caller: callerOf(caller), domain }, call(context))),
    getDomain: async (caller, domainId, context) =>
      fromDetail(await rpc.getDomain({ caller: callerOf(caller), domainId }, call(context))),
    deleteDomain: async (caller, domainId, context) => {
      await rpc.deleteDomain({ caller: callerOf(caller), domainId }, call(context));
    },
    updateSettings: async (caller, domainId, changes, context) =>
      documentOf(
        await rpc.updateSettings(documentRequest(caller, domainId, changes), call(context)),
      ) as DomainSettings,
    updateHomeSettings: async (caller, domainId, changes, context) =>
      documentOf(
        await rpc.updateHomeSettings(documentRequest(caller, domainId, changes), call(context)),
      ) as WidgetHomeSettings,
    getConfig: async (caller, domainId, context) => {
      const { json } = await rpc.getConfig({ caller: callerOf(caller), domainId }, call(context));
      return json ? (JSON.parse(json) as DomainConfig) : null;
    },
    getBusinessHours: async (caller, domainId, context) => {
      const { json } = await rpc.getBusinessHours({ caller: callerOf(caller), domainId }, call(context));
      return JSON.parse(json) as BusinessHours;
    },
    saveBusinessHours: async (caller, domainId, hours, context) =>
      documentOf(
        await rpc.saveBusinessHours(documentRequest(caller, domainId, hours), call(context)),
      ) as BusinessHours,
    saveConfig: async (caller, domainId, config, context) =>
      documentOf(
        await rpc.saveConfig(documentRequest(caller, domainId, config), call(context)),
      ) as DomainConfig,
    listFilterQuestions: async (caller, domainId, context) =>
      (await rpc.listFilterQuestions({ caller: callerOf(caller), domainId }, call(context))).questions,
    addFilterQuestion: (caller, input, context) =>
      rpc.addFilterQuestion({ caller: callerOf(caller), ...input }, call(context)),
    deleteFilterQuestion: async (caller, questionId, context) => {
      await rpc.deleteFilterQuestion({ caller: callerOf(caller), questionId }, call(context));
    },
    getWidgetProfile: async (domainId, context) => {
      const wire = await rpc.getWidgetProfile({ domainId }, call(context));
      return {
        domain: domainOf(wire),
        settings: JSON.parse(wire.settingsJson) as DomainSettings,
        homeSettings: JSON.parse(wire.homeSettingsJson) as WidgetHomeSettings,
        // A domains service older than issue 17 sends none: always in hours.
        businessHours: wire.businessHoursJson
          ? (JSON.parse(wire.businessHoursJson) as BusinessHours)
          : BUSINESS_HOURS_DEFAULTS,
      };
    },
    listPublicFilterQuestions: async (domainId, context) =>
      (await rpc.listPublicFilterQuestions({ domainId }, call(context))).questions,
    close: () => rpc.close(),
  };
}
