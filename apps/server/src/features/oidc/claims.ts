import { ROLES, type Role } from '@rtms/shared/enums';
import type { OidcConfig } from '../../config/config';

/** The provider's claims as openid-client returns them from the ID token. */
export type Claims = Record<string, unknown>;

/** The string values of a claim given by a dotted path ("groups", "realm_access.roles"), a string or a list. */
export function claimValues(claims: Claims, path: string): string[] {
  let value: unknown = claims;
  for (const part of path.split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/**
 * The role the claims map to: of every claim value in the role map, the role with the most rights (the
 * order of ROLES); else the default role; else undefined (the user is refused).
 */
export function roleFromClaims(
  claims: Claims,
  config: Pick<OidcConfig, 'roleClaim' | 'roleMap' | 'defaultRole'>,
): Role | undefined {
  const mapped = new Set(claimValues(claims, config.roleClaim).map((value) => config.roleMap[value]));
  return ROLES.find((role) => mapped.has(role)) ?? config.defaultRole;
}

/** First and last name from the standard claims (given/family name, else the full name split at its last space). */
export function namesFromClaims(claims: Claims, email: string): { firstName: string; lastName: string } {
  const given = typeof claims.given_name === 'string' ? claims.given_name.trim() : '';
  const family = typeof claims.family_name === 'string' ? claims.family_name.trim() : '';
  if (given || family) return { firstName: given.slice(0, 100), lastName: family.slice(0, 100) };
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  if (name) {
    const at = name.lastIndexOf(' ');
    return at > 0
      ? { firstName: name.slice(0, at).slice(0, 100), lastName: name.slice(at + 1).slice(0, 100) }
      : { firstName: name.slice(0, 100), lastName: '' };
  }
  return { firstName: email.split('@')[0]?.slice(0, 100) ?? '', lastName: '' };
}
