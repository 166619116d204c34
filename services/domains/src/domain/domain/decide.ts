import type { Decider } from '@parley/eventstore';
import {
  domainExists,
  domainNotFound,
  filterQuestionNotFound,
  MAX_FILTER_QUESTIONS,
  tooManyFilterQuestions,
} from '../shared/errors';
import { mergeChanges, sameDocument } from '../shared/merge';
import { iso } from '../shared/time';
import { sharedColours } from './shared-colours';
import type { DomainCommand } from './commands';
import type { DomainAggregateEvent } from './events';
import { DomainEventType as T } from './events';
import { evolveDomain, initialDomainState, type DomainState } from './state';

/** Another account's domain, a deleted one and a missing one are refused alike. */
function ensureOwned(state: DomainState, accountId: string): void {
  if (state.status !== 'active' || state.accountId !== accountId) throw domainNotFound();
}

export function decideDomain(command: DomainCommand, state: DomainState): DomainAggregateEvent[] {
  if (command.type === 'AddDomain') {
    if (state.status === 'none') {
      return [
        {
          type: T.Added,
          data: {
            domainId: command.domainId,
            accountId: command.accountId,
            addedBy: command.addedBy,
            domain: command.domain,
            addedAt: iso(command.now),
          },
        },
      ];
    }
    // The same add, retried, finds its own domain; anything else under this id is a clash.
    if (state.accountId === command.accountId && state.domain === command.domain) return [];
    throw domainExists();
  }

  ensureOwned(state, command.accountId);
  const at = iso(command.now);
  switch (command.type) {
    case 'UpdateSettings':
    case 'UpdateHomeSettings': {
      // The widget's colours are one setting each, whichever document a change names.
      const colours = sharedColours(command.changes);
      const settings = mergeChanges<DomainState['settings']>(
        state.settings,
        command.type === 'UpdateSettings' ? command.changes : colours,
      );
      const homeSettings = mergeChanges<DomainState['homeSettings']>(
        state.homeSettings,
        command.type === 'UpdateHomeSettings' ? command.changes : colours,
      );
      const events: DomainAggregateEvent[] = [];
      if (!sameDocument(settings, state.settings))
        events.push({ type: T.SettingsUpdated, data: { settings, updatedAt: at } });
      if (!sameDocument(homeSettings, state.homeSettings))
        events.push({ type: T.HomeSettingsUpdated, data: { homeSettings, updatedAt: at } });
      return events;
    }
    case 'SaveConfig':
      return sameDocument(command.config, state.config)
        ? []
        : [{ type: T.ConfigSaved, data: { config: command.config, savedAt: at } }];
    case 'UpdateBusinessHours':
      return sameDocument(command.businessHours, state.businessHours)
        ? []
        : [{ type: T.BusinessHoursUpdated, data: { businessHours: command.businessHours, updatedAt: at } }];
    case 'AddFilterQuestion': {
      if (state.questions[command.questionId]) return []; // the same add, retried
      if (Object.keys(state.questions).length >= MAX_FILTER_QUESTIONS) throw tooManyFilterQuestions();
      const { questionId, question, answer, addedBy } = command;
      return [{ type: T.FilterQuestionAdded, data: { questionId, question, answer, addedBy, addedAt: at } }];
    }
    case 'DeleteFilterQuestion':
      if (!state.questions[command.questionId]) throw filterQuestionNotFound();
      return [{ type: T.FilterQuestionDeleted, data: { questionId: command.questionId, deletedAt: at } }];
    case 'DeleteDomain':
      return [
        {
          type: T.Deleted,
          data: { domainId: state.domainId, accountId: state.accountId, deletedAt: at },
        },
      ];
  }
}

export const domainDecider: Decider<DomainCommand, DomainAggregateEvent, DomainState> = {
  initialState: initialDomainState,
  evolve: evolveDomain,
  decide: decideDomain,
};
