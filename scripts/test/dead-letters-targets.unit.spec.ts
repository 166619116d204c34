// The dead-letters command finds each service's database as the programs are given theirs.
import { targetsFor } from '../dead-letters/targets';

describe('dead-letters targets', () => {
  it('reads every service’s database of npm start (dev) by default', () => {
    const targets = targetsFor({ profile: 'dev', env: {} });
    expect(targets.map((t) => t.service)).toEqual([
      'identity',
      'notifications',
      'billing',
      'domains',
      'content',
      'conversations',
      'assistant',
    ]);
    expect(targets[5]).toEqual({
      service: 'conversations',
      database: 'parley_conversations',
      url: 'postgres://postgres@127.0.0.1:5432/parley_conversations',
    });
  });

  it('reads the e2e stack’s databases of the test slot, one service when named', () => {
    expect(targetsFor({ profile: 'test', service: 'assistant', env: { PARLEY_TEST_SLOT: '6' } })).toEqual([
      {
        service: 'assistant',
        database: 'parley_e2e6_assistant',
        url: 'postgres://postgres@127.0.0.1:5432/parley_e2e6_assistant',
      },
    ]);
  });

  it('reads DATABASE_URL alone when it is set, for the service named', () => {
    const url = 'postgres://ops@db.internal:5432/parley_content';
    expect(targetsFor({ profile: 'dev', service: 'content', env: { DATABASE_URL: url } })).toEqual([
      { service: 'content', database: 'parley_content', url },
    ]);
    expect(() => targetsFor({ profile: 'dev', env: { DATABASE_URL: url } })).toThrow(/--service/);
  });

  it('refuses a service that has no database', () => {
    expect(() => targetsFor({ profile: 'dev', service: 'gateway', env: {} })).toThrow(
      /unknown service "gateway"/,
    );
  });
});
