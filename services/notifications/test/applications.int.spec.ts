import { randomUUID } from 'node:crypto';
import {
  EditorialEvent,
  IdentityEvent,
  type JobApplicationSubmitted,
  type UserRegistered,
} from '@parley/contracts';
import type { EventStore } from '@parley/eventstore';
import { resetProjection } from '@parley/projections';
import { eventually } from '@parley/testing';
import {
  appendEvent as append,
  createWorld,
  registerOwner,
  startForTest,
  testConfig,
  type Caller,
  type RunningNotifications,
  type TestWorld,
} from './harness';

jest.setTimeout(60_000);

const APP_URL = 'https://app.parley.example';

/**
 * Issue 14: a visitor applies for a job on /careers. Content's JobApplicationSubmitted, appended
 * as content records it, gives the applicant one confirmation mail and every admin APPLICATION
 * in the bell; owners get nothing.
 */
describe('job application mail and notifications', () => {
  let world: TestWorld;
  let service: RunningNotifications;
  let identity: EventStore;
  let content: EventStore;

  const start = () => startForTest(testConfig(world, { publicAppUrl: APP_URL }), { announcePollMs: 500 });
  const applicationsOf = async (caller: Caller) =>
    (await service.list(caller)).notifications.filter((n) => n.type === 'APPLICATION');

  async function registerAdmin(label: string): Promise<Caller> {
    const userId = randomUUID();
    const registered: UserRegistered = {
      userId,
      accountId: userId,
      email: `${label}-${userId.slice(0, 8)}@parley.example`,
      fullname: `${label} Admin`,
      role: 'ADMIN',
      plan: 'STANDARD',
      selectedPlan: 'STANDARD',
      registeredAt: new Date().toISOString(),
    };
    await append(identity, 'user', userId, IdentityEvent.UserRegistered, registered);
    return { userId, accountId: userId };
  }

  async function applied(over: Partial<JobApplicationSubmitted> = {}): Promise<JobApplicationSubmitted> {
    const data: JobApplicationSubmitted = {
      applicationId: randomUUID(),
      jobId: randomUUID(),
      jobTitle: 'Support engineer',
      name: 'Grace Hopper',
      email: `grace-${randomUUID().slice(0, 8)}@example.com`,
      links: [],
      coverLetter: '',
      cv: { fileId: randomUUID(), filename: 'cv.pdf', size: 1000, sha256: 'x' },
      submittedAt: new Date().toISOString(),
      ...over,
    };
    await append(content, 'application', data.applicationId, EditorialEvent.ApplicationSubmitted, data);
    return data;
  }

  beforeAll(async () => {
    world = await createWorld();
    identity = world.store('identity');
    content = world.store('content');
    service = await start();
  });

  afterAll(async () => {
    await service?.stop();
    await world?.dispose();
  });

  it('mails the applicant and tells every admin, nobody else', async () => {
    const ada = await registerAdmin('ada');
    const bob = await registerAdmin('bob');
    const owner = await registerOwner(identity, 'owner');
    await eventually(async () => {
      const { rowCount } = await world.db.pool.query(
        'SELECT 1 FROM platform_admins WHERE user_id = ANY($1)',
        [[ada.userId, bob.userId]],
      );
      expect(rowCount).toBe(2);
    });
    const application = await applied({ name: 'Grace Hopper', jobTitle: 'Support engineer' });

    for (const admin of [ada, bob]) {
      const [notification] = await eventually(async () => {
        const found = await applicationsOf(admin);
        expect(found).toHaveLength(1);
        return found;
      });
      expect(notification).toMatchObject({
        type: 'APPLICATION',
        message: 'Grace Hopper applied for Support engineer',
        read: false,
        createdAt: application.submittedAt,
      });
    }
    expect(await applicationsOf({ userId: owner.userId, accountId: owner.accountId })).toEqual([]);

    const [mail] = await world.mailsTo(application.email, 1);
    expect(mail).toMatchObject({
      to: [application.email],
      subject: 'We received your application for Support engineer',
    });
    expect(mail!.text).toContain('Hi Grace Hopper,');
    expect(mail!.text).toContain('reply to each within two weeks');
    expect(mail!.html).toContain(`${APP_URL}/careers`);
  });

  it('a replay adds no notification and no mail', async () => {
    const admin = await registerAdmin('cy');
    await eventually(async () => {
      const { rowCount } = await world.db.pool.query('SELECT 1 FROM platform_admins WHERE user_id = $1', [
        admin.userId,
      ]);
      expect(rowCount).toBe(1);
    });
    const first = await applied();
    await world.mailsTo(first.email, 1);
    await eventually(async () => expect(await applicationsOf(admin)).toHaveLength(1));

    await service.stop();
    await resetProjection(world.nc, world.db.pool, 'notifications-applications-v1', world.namespace);
    service = await start();
    const witness = await applied();
    await world.mailsTo(witness.email, 1);
    await eventually(async () => expect(await applicationsOf(admin)).toHaveLength(2));
    expect(await world.inbox(first.email)).toHaveLength(1);
  });
});
