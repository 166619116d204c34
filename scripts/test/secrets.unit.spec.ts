import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { passwordSchema } from '@parley/contracts/validation';
import { ensureLocalSecrets } from '../lib/secrets.mjs';

describe('ensureLocalSecrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'parley-secrets-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates an ES256 (P-256, PKCS8) signing key that signs and verifies', () => {
    const secrets = ensureLocalSecrets(dir);
    const pem = readFileSync(secrets.jwtPrivateKeyFile, 'utf8');
    expect(pem).toContain('-----BEGIN PRIVATE KEY-----');
    const key = createPrivateKey(pem);
    expect(key.asymmetricKeyType).toBe('ec');
    expect(key.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const signature = sign('sha256', Buffer.from('payload'), { key, dsaEncoding: 'ieee-p1363' });
    expect(
      verify(
        'sha256',
        Buffer.from('payload'),
        { key: createPublicKey(key), dsaEncoding: 'ieee-p1363' },
        signature,
      ),
    ).toBe(true);
  });

  it('makes the first admin admin@parley.local with a password the sign-in form accepts', () => {
    const secrets = ensureLocalSecrets(dir);
    expect(secrets.ADMIN_EMAIL).toBe('admin@parley.local');
    expect(passwordSchema.safeParse(secrets.ADMIN_PASSWORD).success).toBe(true);
    expect(secrets.CODE_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(secrets.MAIL_SEAL_KEY.length).toBeGreaterThanOrEqual(32);
    expect(secrets.CODE_SECRET).not.toBe(secrets.MAIL_SEAL_KEY);
    expect(secrets.VISITOR_TOKEN_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps every secret across restarts', () => {
    const first = ensureLocalSecrets(dir);
    const pem = readFileSync(first.jwtPrivateKeyFile, 'utf8');
    const second = ensureLocalSecrets(dir);
    expect(second).toEqual(first);
    expect(readFileSync(second.jwtPrivateKeyFile, 'utf8')).toBe(pem);
  });

  it('fills in only what is missing', () => {
    const first = ensureLocalSecrets(dir);
    writeFileSync(first.envFile, `ADMIN_PASSWORD=${first.ADMIN_PASSWORD}\n`);
    const second = ensureLocalSecrets(dir);
    expect(second.ADMIN_PASSWORD).toBe(first.ADMIN_PASSWORD);
    expect(second.CODE_SECRET).not.toBe(first.CODE_SECRET);
    expect(readFileSync(second.envFile, 'utf8')).toContain(`CODE_SECRET=${second.CODE_SECRET}`);
  });

  it('keeps the files readable by their owner only', () => {
    const secrets = ensureLocalSecrets(dir);
    expect(statSync(secrets.jwtPrivateKeyFile).mode & 0o077).toBe(0);
    expect(statSync(secrets.envFile).mode & 0o077).toBe(0);
  });
});
