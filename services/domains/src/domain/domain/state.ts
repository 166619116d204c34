import type { Folded } from '@parley/eventstore';
import {
  BUSINESS_HOURS_DEFAULTS,
  DOMAIN_SETTINGS_DEFAULTS,
  type BusinessHours,
  WIDGET_HOME_SETTINGS_DEFAULTS,
  type DomainConfig,
  type DomainSettings,
  type WidgetHomeSettings,
} from '@parley/contracts';
import type { DomainAggregateEvent } from './events';
import { DomainEventType as T } from './events';

export interface FilterQuestionState {
  question: string;
  answer: string;
  createdAt: string;
}

export interface DomainState {
  status: 'none' | 'active' | 'deleted';
  domainId: string;
  accountId: string;
  domain: string;
  createdAt: string;
  settings: DomainSettings;
  homeSettings: WidgetHomeSettings;
  config: DomainConfig | null;
  businessHours: BusinessHours;
  questions: Record<string, FilterQuestionState>;
}

export const defaultDomainSettings = (): DomainSettings => ({ ...DOMAIN_SETTINGS_DEFAULTS });
export const defaultHomeSettings = (): WidgetHomeSettings => ({
  ...WIDGET_HOME_SETTINGS_DEFAULTS,
  customLinks: [],
  popularTopics: [],
});

export const initialDomainState: DomainState = {
  status: 'none',
  domainId: '',
  accountId: '',
  domain: '',
  createdAt: '',
  settings: defaultDomainSettings(),
  homeSettings: defaultHomeSettings(),
  config: null,
  businessHours: BUSINESS_HOURS_DEFAULTS,
  questions: {},
};

export function evolveDomain(state: Folded<DomainState>, event: DomainAggregateEvent): Folded<DomainState> {
  switch (event.type) {
    case T.Added:
      return {
        ...initialDomainState,
        status: 'active',
        domainId: event.data.domainId,
        accountId: event.data.accountId,
        domain: event.data.domain,
        createdAt: event.data.addedAt,
      };
    case T.SettingsUpdated:
      return { ...state, settings: event.data.settings };
    case T.HomeSettingsUpdated:
      return { ...state, homeSettings: event.data.homeSettings };
    case T.ConfigSaved:
      return { ...state, config: event.data.config };
    case T.BusinessHoursUpdated:
      return { ...state, businessHours: event.data.businessHours };
    case T.FilterQuestionAdded: {
      const { questionId, question, answer, addedAt } = event.data;
      return {
        ...state,
        questions: { ...state.questions, [questionId]: { question, answer, createdAt: addedAt } },
      };
    }
    case T.FilterQuestionDeleted: {
      const questions = { ...state.questions };
      delete questions[event.data.questionId];
      return { ...state, questions };
    }
    case T.Deleted:
      return { ...state, status: 'deleted', questions: {}, config: null };
    default:
      return state;
  }
}
