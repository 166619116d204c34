import type { Decider, DomainEvent } from '../api';

/** A tiny aggregate for the store's own tests: a tally that records who added what. */
export type TallyEvent =
  DomainEvent<'TallyOpened', { by: string }> | DomainEvent<'TallyAdded', { by: string; amount: number }>;
export type TallyCommand =
  { type: 'open'; by: string } | { type: 'add'; by: string; amount: number; times?: number };
export interface TallyState {
  open: boolean;
  total: number;
  contributors: string[];
}

export class TallyRefused extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

export const tally: Decider<TallyCommand, TallyEvent, TallyState> = {
  initialState: { open: false, total: 0, contributors: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'TallyOpened':
        return { ...state, open: true };
      case 'TallyAdded':
        return {
          ...state,
          total: state.total + event.data.amount,
          contributors: [...state.contributors, event.data.by],
        };
    }
  },
  decide(command, state) {
    if (command.type === 'open') {
      if (state.open) throw new TallyRefused('conflict', 'tally already open');
      return [{ type: 'TallyOpened', data: { by: command.by } }];
    }
    if (!state.open) throw new TallyRefused('not_found', 'tally not open');
    if (command.amount === 0) return [];
    return Array.from({ length: command.times ?? 1 }, () => ({
      type: 'TallyAdded' as const,
      data: { by: command.by, amount: command.amount },
    }));
  },
};
