// Which databases the dead-letters command reads: each service's, found as the programs find
// theirs — DATABASE_URL when it is set (one service, as that program would read it), otherwise
// the database the local runner gives the service for the profile (dev: parley_<service>; test:
// the e2e databases of PARLEY_TEST_SLOT).
import { databaseUrlFor } from '../lib/environment.mjs';
import { resolveProfile } from '../lib/profiles.mjs';
import { servicesWithDatabase } from '../lib/programs.mjs';

export interface Target {
  service: string;
  /** The database's name, for the operator. */
  database: string;
  url: string;
}

export interface TargetOptions {
  profile: 'dev' | 'test';
  /** Only this service. */
  service?: string;
  env: Record<string, string | undefined>;
}

export function targetsFor(o: TargetOptions): Target[] {
  if (o.service && !servicesWithDatabase.includes(o.service))
    throw new Error(`unknown service "${o.service}" (one of ${servicesWithDatabase.join(', ')})`);
  if (o.env.DATABASE_URL) {
    if (!o.service) throw new Error('DATABASE_URL is set: name its service with --service <name>');
    return [{ service: o.service, database: databaseName(o.env.DATABASE_URL), url: o.env.DATABASE_URL }];
  }
  const profile = resolveProfile(o.profile, { namespace: 'x', slot: o.env.PARLEY_TEST_SLOT });
  return servicesWithDatabase
    .filter((service) => !o.service || service === o.service)
    .map((service) => ({
      service,
      database: profile.databaseName(service),
      url: databaseUrlFor(profile, service),
    }));
}

function databaseName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || url;
  } catch {
    throw new Error('DATABASE_URL is not a URL');
  }
}
