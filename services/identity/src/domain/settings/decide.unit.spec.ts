import { deciderSpec } from '@parley/testing';
import { settingsDecider } from './decide';
import type { SettingsEvent } from './events';
import { SettingsEventType as T } from './events';
import { DEFAULT_SETTINGS } from './state';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const spec = deciderSpec(settingsDecider);

describe('settings: UpdateSettings', () => {
  it('defaults: log-in and registration enabled, maintenance off', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      loginEnabled: true,
      registrationEnabled: true,
      maintenanceMode: false,
    });
  });

  it('an admin changes one setting; the event is the full snapshot', () => {
    spec
      .given([])
      .when({
        type: 'UpdateSettings',
        actorId: 'a1',
        actorRole: 'ADMIN',
        changes: { registrationEnabled: false },
        now: T0,
      })
      .then([
        {
          type: T.Updated,
          data: {
            loginEnabled: true,
            registrationEnabled: false,
            maintenanceMode: false,
            updatedBy: 'a1',
            updatedAt: iso(T0),
          },
        },
      ]);
  });

  it('later changes build on the last snapshot', () => {
    const earlier: SettingsEvent = {
      type: T.Updated,
      data: {
        loginEnabled: false,
        registrationEnabled: true,
        maintenanceMode: false,
        updatedBy: 'a1',
        updatedAt: iso(T0),
      },
    };
    const state = spec
      .given([earlier])
      .when({
        type: 'UpdateSettings',
        actorId: 'a2',
        actorRole: 'ADMIN',
        changes: { maintenanceMode: true },
        now: T0 + 1,
      })
      .then([
        {
          type: T.Updated,
          data: {
            loginEnabled: false,
            registrationEnabled: true,
            maintenanceMode: true,
            updatedBy: 'a2',
            updatedAt: iso(T0 + 1),
          },
        },
      ]);
    expect(state).toEqual({ loginEnabled: false, registrationEnabled: true, maintenanceMode: true });
  });

  it('a change to the current values records nothing', () => {
    spec
      .given([])
      .when({
        type: 'UpdateSettings',
        actorId: 'a1',
        actorRole: 'ADMIN',
        changes: { loginEnabled: true },
        now: T0,
      })
      .then([]);
  });

  it.each([['OWNER'], ['AGENT'], [null]] as const)('an actor with role %s is forbidden', (role) => {
    spec
      .given([])
      .when({
        type: 'UpdateSettings',
        actorId: 'x',
        actorRole: role,
        changes: { maintenanceMode: true },
        now: T0,
      })
      .thenThrows('forbidden');
  });
});
