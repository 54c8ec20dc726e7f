import { describe, expect, it } from 'vitest';
import { ROLES } from './enums';
import { actionsDependOnBindings, requirementActionsOf, requirementChangeRefusal } from './requirement-actions';

const base = { callerFacilityIds: ['a'], boundFacilityIds: ['a'], status: 'ACTIVE' as const };

describe('requirementActionsOf', () => {
  it('lets the all-facility roles change and retire any requirement', () => {
    expect(requirementActionsOf({ ...base, role: 'ALL_FACILITY_USER', boundFacilityIds: ['a', 'b'] })).toEqual([
      'update',
      'retire',
    ]);
  });

  it('lets a facility administrator act only when every bound facility is theirs', () => {
    expect(requirementActionsOf({ ...base, role: 'FACILITY_ADMIN' })).toEqual(['update', 'retire']);
    expect(requirementActionsOf({ ...base, role: 'FACILITY_ADMIN', boundFacilityIds: ['a', 'b'] })).toEqual([]);
    expect(requirementChangeRefusal({ ...base, role: 'FACILITY_ADMIN', boundFacilityIds: ['a', 'b'] })).toMatch(
      /outside yours/,
    );
  });

  it('offers nothing to a facility user, and no second retirement', () => {
    expect(requirementActionsOf({ ...base, role: 'FACILITY_USER' })).toEqual([]);
    expect(requirementActionsOf({ ...base, role: 'ALL_FACILITY_ADMIN', status: 'RETIRED' })).toEqual(['update']);
  });

  it('depends on the bound facilities only for the roles that say so (the list skips reading them otherwise)', () => {
    for (const role of ROLES) {
      const within = requirementActionsOf({ ...base, role });
      const beyond = requirementActionsOf({ ...base, role, boundFacilityIds: ['a', 'b'] });
      if (!actionsDependOnBindings(role)) expect(beyond).toEqual(within);
    }
    expect(ROLES.filter(actionsDependOnBindings)).toEqual(['FACILITY_ADMIN']);
  });
});
