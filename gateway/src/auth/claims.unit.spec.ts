import { principalFromClaims, readClaim, roleFrom } from './claims';

describe('readClaim', () => {
  const claims = {
    role: 'OWNER',
    realm_access: { roles: ['offline_access', 'admin'] },
    'https://parley.dev/role': 'AGENT',
  };

  it('reads a top-level claim, a dot path, and a literal key that contains dots', () => {
    expect(readClaim(claims, 'role')).toBe('OWNER');
    expect(readClaim(claims, 'realm_access.roles')).toEqual(['offline_access', 'admin']);
    expect(readClaim(claims, 'https://parley.dev/role')).toBe('AGENT');
  });

  it('answers undefined for missing paths and never walks into arrays or prototypes', () => {
    expect(readClaim(claims, 'realm_access.missing')).toBeUndefined();
    expect(readClaim(claims, 'role.length')).toBeUndefined();
    expect(readClaim(claims, 'realm_access.roles.0')).toBeUndefined();
    expect(readClaim(claims, 'constructor')).toBeUndefined();
    expect(readClaim(claims, 'realm_access.__proto__')).toBeUndefined();
  });
});

describe('roleFrom', () => {
  it('accepts one role string, in any case', () => {
    expect(roleFrom('OWNER')).toBe('OWNER');
    expect(roleFrom('agent')).toBe('AGENT');
  });

  it('picks the strongest known role from a list (Keycloak realm roles)', () => {
    expect(roleFrom(['offline_access', 'agent', 'owner'])).toBe('OWNER');
    expect(roleFrom(['owner', 'ADMIN'])).toBe('ADMIN');
  });

  it('refuses unknown roles and non-strings', () => {
    expect(roleFrom('superuser')).toBeUndefined();
    expect(roleFrom(['uma_authorization'])).toBeUndefined();
    expect(roleFrom(undefined)).toBeUndefined();
    expect(roleFrom(42)).toBeUndefined();
  });
});

describe('principalFromClaims', () => {
  const parley = { roleClaim: 'role', accountClaim: 'acct' };

  it("maps identity's claims", () => {
    expect(principalFromClaims({ sub: 'u1', role: 'AGENT', acct: 'owner-1' }, parley)).toEqual({
      userId: 'u1',
      role: 'AGENT',
      accountId: 'owner-1',
    });
  });

  it('maps a Keycloak token by configuration alone, the user being their own account', () => {
    const keycloak = { roleClaim: 'realm_access.roles', accountClaim: 'parley_account' };
    const claims = { sub: 'kc-7', realm_access: { roles: ['default-roles-parley', 'owner'] } };
    expect(principalFromClaims(claims, keycloak)).toEqual({
      userId: 'kc-7',
      role: 'OWNER',
      accountId: 'kc-7',
    });
  });

  it('refuses a token without a subject or without a known role', () => {
    expect(principalFromClaims({ role: 'OWNER' }, parley)).toBeUndefined();
    expect(principalFromClaims({ sub: '', role: 'OWNER' }, parley)).toBeUndefined();
    expect(principalFromClaims({ sub: 'u1' }, parley)).toBeUndefined();
    expect(principalFromClaims({ sub: 'u1', role: 'root' }, parley)).toBeUndefined();
  });
});
