import { deepStrictEqual, AssertionError } from 'node:assert';
import type { Decider, DomainEvent } from '@parley/eventstore';

/**
 * given(events).when(command).then(events) for pure deciders:
 *
 *   deciderSpec(userDecider).given([registered]).when(changeName).then([nameChanged]);
 *   deciderSpec(userDecider).given([]).when(changeName).thenThrows('not_found');
 *
 * `then` compares the decided events (deep, strict) and returns the state after them;
 * `thenThrows` accepts an AppError kind or code, the exact message, or a RegExp on the message,
 * and returns the error for further checks.
 */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(history: E[]) {
      return {
        when(command: C) {
          const before = history.reduce(decider.evolve, decider.initialState);
          const run = (): E[] => decider.decide(command, before);
          return {
            then(expected: E[]): S {
              const decided = run();
              deepStrictEqual(decided, expected, 'decided events differ from the expected ones');
              return decided.reduce(decider.evolve, before);
            },
            thenThrows(expected: string | RegExp): Error {
              let decided: E[];
              try {
                decided = run();
              } catch (e) {
                if (matches(e, expected)) return e as Error;
                throw new AssertionError({
                  message: `decide threw ${describe(e)}, expected ${String(expected)}`,
                  actual: e,
                  expected,
                });
              }
              throw new AssertionError({
                message: `decide returned ${JSON.stringify(decided)} instead of throwing ${String(expected)}`,
                actual: decided,
                expected,
              });
            },
          };
        },
      };
    },
  };
}

function matches(e: unknown, expected: string | RegExp): boolean {
  if (!(e instanceof Error)) return false;
  if (expected instanceof RegExp) return expected.test(e.message);
  const { kind, code } = e as Error & { kind?: string; code?: string };
  return kind === expected || code === expected || e.message === expected;
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return JSON.stringify(e);
  const { kind, code } = e as Error & { kind?: string; code?: string };
  return `${e.name}(${[kind, code].filter(Boolean).join('/')}${kind || code ? ': ' : ''}${e.message})`;
}
