import type { Role } from '@parley/contracts';

/** Who is calling, as read from a verified access token. */
export interface Principal {
  userId: string;
  role: Role;
  accountId: string;
  /** The session the token belongs to (identity's `sid` claim), when the issuer names one. */
  sessionId?: string;
}

export interface ClaimMapping {
  /** Claim holding the role: a name or a dot path into nested claims, e.g. `realm_access.roles`. */
  roleClaim: string;
  /** Claim holding the account id; when absent the user is their own account (an owner). */
  accountClaim: string;
}

/** Strongest first: a token listing several roles (Keycloak realm roles) gets the strongest known one. */
const ROLES_BY_PRECEDENCE: readonly Role[] = ['ADMIN', 'OWNER', 'AGENT'];

/** Reads `a.b.c` from a claims object; a literal key containing dots wins over the path. */
export function readClaim(claims: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(claims, path)) return claims[path];
  let node: unknown = claims;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    if (!Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A role claim may be one string or a list (Keycloak); matching ignores case ('admin' is ADMIN). */
export function roleFrom(value: unknown): Role | undefined {
  const candidates = (Array.isArray(value) ? value : [value])
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().toUpperCase());
  return ROLES_BY_PRECEDENCE.find((role) => candidates.includes(role));
}

/** Verified claims -> Principal, or undefined when the token does not say who or what the caller is. */
export function principalFromClaims(
  claims: Record<string, unknown>,
  mapping: ClaimMapping,
): Principal | undefined {
  const userId = claims.sub;
  if (typeof userId !== 'string' || userId.length === 0) return undefined;
  const role = roleFrom(readClaim(claims, mapping.roleClaim));
  if (!role) return undefined;
  const account = readClaim(claims, mapping.accountClaim);
  const accountId = typeof account === 'string' && account.length > 0 ? account : userId;
  const principal: Principal = { userId, role, accountId };
  if (typeof claims.sid === 'string' && claims.sid.length > 0) principal.sessionId = claims.sid;
  return principal;
}
