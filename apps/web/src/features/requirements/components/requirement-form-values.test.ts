import { describe, expect, it } from 'vitest';
import {
  initialRequirementValues,
  requirementBodyFrom,
  windowDefaultsFor,
  windowsSetByHand,
  type RequirementFormValues,
} from './requirement-form-values';

describe('requirement form values', () => {
  it('treats lead time and grace that differ from the frequency’s defaults as set by hand', () => {
    expect(windowsSetByHand('MONTHLY', 7, 3)).toEqual({ lead: false, grace: false });
    expect(windowsSetByHand('MONTHLY', 10, 3)).toEqual({ lead: true, grace: false });
    expect(windowsSetByHand('YEARLY', 30, 5)).toEqual({ lead: false, grace: true });
    expect(windowsSetByHand(undefined, null, undefined)).toEqual({ lead: false, grace: false });
  });

  it('fills only the windows not set by hand when the frequency changes', () => {
    expect(windowDefaultsFor('QUARTERLY', { lead: false, grace: false })).toEqual({ leadTimeDays: 14, graceDays: 7 });
    expect(windowDefaultsFor('WEEKLY', { lead: true, grace: false })).toEqual({ graceDays: 1 });
    expect(windowDefaultsFor('12 YEARS', { lead: true, grace: true })).toEqual({});
  });

  it('sends bindings without labels, a reason only where a facility does not apply, and the backfill only when asked', () => {
    const values: RequirementFormValues = {
      ...initialRequirementValues(),
      title: 'Tank inspection',
      category: 'WATER',
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-31',
      minEvidence: 2,
      backfillFrom: '2025-06-01',
      facilities: [
        { facilityId: 'a', facilityLabel: 'A (A1)', applicable: true, assigneeId: 'u1', notApplicableReason: 'stale' },
        { facilityId: 'b', facilityLabel: 'B (B1)', applicable: false, notApplicableReason: 'No tanks' },
      ],
    };
    const body = requirementBodyFrom(values);
    expect(body).toMatchObject({
      title: 'Tank inspection',
      evidenceRequired: false,
      minEvidence: 0,
      backfillFrom: null,
      facilities: [
        { facilityId: 'a', applicable: true, assigneeId: 'u1', firstDueDate: null },
        { facilityId: 'b', applicable: false, notApplicableReason: 'No tanks', assigneeId: null, firstDueDate: null },
      ],
    });
    expect(body).not.toHaveProperty('backfill');
    expect((body.facilities as object[])[0]).not.toHaveProperty('facilityLabel');
    expect((body.facilities as object[])[0]).not.toHaveProperty('notApplicableReason');
    expect(requirementBodyFrom({ ...values, backfill: true, evidenceRequired: true })).toMatchObject({
      backfillFrom: '2025-06-01',
      evidenceRequired: true,
      minEvidence: 2,
    });
  });
});
