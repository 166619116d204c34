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
import { callUnary, createClient, loadService, type Caller, type CallerTokenSigner } from '@parley/grpc';
import { metadataOf, type CallContext } from './call-context';

interface WireDetail {
  domain: DomainView;
  settingsJson: string;
  homeSettingsJson: string;
  configJson: string;
}

const fromDetail = (d: WireDetail): DomainDetailView => ({
  ...d.domain,
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
  const client = createClient(Domains, address, { callerToken });
  const call = <Res>(method: string, caller: Caller, request: object, context?: CallContext) =>
    callUnary<object, Res>(
      client,
      method,
      { caller: { userId: caller.userId, role: caller.role, accountId: caller.accountId }, ...request },
      { deadlineMs, metadata: metadataOf(context) },
    );
  const document = async (
    method: string,
    caller: Caller,
    domainId: string,
    body: unknown,
    context?: CallContext,
  ) =>
    JSON.parse(
      (await call<{ json: string }>(method, caller, { domainId, json: JSON.stringify(body ?? {}) }, context))
        .json,
    ) as unknown;

  return {
    listDomains: async (caller, context) => {
      const answer = await call<{ domains: DomainView[]; maxDomains: number; used: number }>(
        'listDomains',
        caller,
        {},
        context,
      );
      return { domains: answer.domains, limits: { maxDomains: answer.maxDomains, used: answer.used } };
    },
    addDomain: async (caller, domain, context) =>
      fromDetail(await call<WireDetail>('addDomain', caller, { domain }, context)),
    getDomain: async (caller, domainId, context) =>
      fromDetail(await call<WireDetail>('getDomain', caller, { domainId }, context)),
    deleteDomain: async (caller, domainId, context) => {
      await call('deleteDomain', caller, { domainId }, context);
    },
    updateSettings: async (caller, domainId, changes, context) =>
      (await document('updateSettings', caller, domainId, changes, context)) as DomainSettings,
    updateHomeSettings: async (caller, domainId, changes, context) =>
      (await document('updateHomeSettings', caller, domainId, changes, context)) as WidgetHomeSettings,
    getConfig: async (caller, domainId, context) => {
      const { json } = await call<{ json: string }>('getConfig', caller, { domainId }, context);
      return json ? (JSON.parse(json) as DomainConfig) : null;
    },
    getBusinessHours: async (caller, domainId, context) => {
      const { json } = await call<{ json: string }>('getBusinessHours', caller, { domainId }, context);
      return JSON.parse(json) as BusinessHours;
    },
    saveBusinessHours: async (caller, domainId, hours, context) =>
      (await document('saveBusinessHours', caller, domainId, hours, context)) as BusinessHours,
    saveConfig: async (caller, domainId, config, context) =>
      (await document('saveConfig', caller, domainId, config, context)) as DomainConfig,
    listFilterQuestions: async (caller, domainId, context) =>
      (await call<{ questions: FilterQuestionView[] }>('listFilterQuestions', caller, { domainId }, context))
        .questions,
    addFilterQuestion: (caller, input, context) =>
      call<FilterQuestionView>('addFilterQuestion', caller, input, context),
    deleteFilterQuestion: async (caller, questionId, context) => {
      await call('deleteFilterQuestion', caller, { questionId }, context);
    },
    getWidgetProfile: async (domainId, context) => {
      const wire = await callUnary<object, Omit<WireDetail, 'configJson'> & { businessHoursJson: string }>(
        client,
        'getWidgetProfile',
        { domainId },
        { deadlineMs, metadata: metadataOf(context) },
      );
      return {
        domain: wire.domain,
        settings: JSON.parse(wire.settingsJson) as DomainSettings,
        homeSettings: JSON.parse(wire.homeSettingsJson) as WidgetHomeSettings,
        // A domains service older than issue 17 sends none: always in hours.
        businessHours: wire.businessHoursJson
          ? (JSON.parse(wire.businessHoursJson) as BusinessHours)
          : BUSINESS_HOURS_DEFAULTS,
      };
    },
    listPublicFilterQuestions: async (domainId, context) =>
      (
        await callUnary<object, { questions: Array<{ id: string; question: string }> }>(
          client,
          'listPublicFilterQuestions',
          { domainId },
          { deadlineMs, metadata: metadataOf(context) },
        )
      ).questions,
    close: () => client.close(),
  };
}
