import { describe, expect, it } from 'vitest';
import { claimValues, namesFromClaims, roleFromClaims } from './claims';

const mapping = {
  roleClaim: 'realm_access.roles',
  roleMap: { staff: 'FACILITY_USER', 'site-admins': 'FACILITY_ADMIN', admins: 'ALL_FACILITY_ADMIN' } as const,
  defaultRole: undefined,
};

describe('claims of the OpenID provider', () => {
  it('reads a claim by dotted path as a list of strings', () => {
    expect(claimValues({ realm_access: { roles: ['a', 2, 'b'] } }, 'realm_access.roles')).toEqual(['a', 'b']);
    expect(claimValues({ groups: 'one' }, 'groups')).toEqual(['one']);
    expect(claimValues({ groups: { nested: true } }, 'groups')).toEqual([]);
    expect(claimValues({}, 'missing.path')).toEqual([]);
  });

  it('maps to the role with the most rights among the mapped values, else the default role, else none', () => {
    expect(roleFromClaims({ realm_access: { roles: ['staff', 'admins', 'site-admins'] } }, mapping)).toBe(
      'ALL_FACILITY_ADMIN',
    );
    expect(roleFromClaims({ realm_access: { roles: ['staff', 'other'] } }, mapping)).toBe('FACILITY_USER');
    expect(roleFromClaims({ realm_access: { roles: ['other'] } }, mapping)).toBeUndefined();
    expect(roleFromClaims({}, { ...mapping, defaultRole: 'FACILITY_USER' })).toBe('FACILITY_USER');
    // A value that only looks like a role name maps to nothing.
    expect(roleFromClaims({ realm_access: { roles: ['ALL_FACILITY_ADMIN'] } }, mapping)).toBeUndefined();
  });

  it('takes names from given and family name, else splits the full name, else uses the email', () => {
    expect(namesFromClaims({ given_name: 'Ada', family_name: 'Lovelace', name: 'x y' }, 'a@x')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(namesFromClaims({ name: 'Mary Ann Evans' }, 'a@x')).toEqual({ firstName: 'Mary Ann', lastName: 'Evans' });
    expect(namesFromClaims({}, 'jdoe@example.com')).toEqual({ firstName: 'jdoe', lastName: '' });
  });
});
