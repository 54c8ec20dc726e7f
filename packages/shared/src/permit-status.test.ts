import { describe, expect, it } from 'vitest';
import { conditionsActiveUntil, daysToExpiry, permitStatusOn, type PermitDates } from './permit-status';

const permit: PermitDates = {
  effectiveOn: '2026-01-01',
  expiresOn: '2030-12-31',
  renewalLeadDays: 180,
  renewalSubmittedOn: null,
  terminatedOn: null,
  nextVersionEffectiveOn: null,
};

describe('a permit’s status on a day', () => {
  it('is PENDING until the effective date, ACTIVE from it', () => {
    expect(permitStatusOn(permit, '2025-12-31')).toBe('PENDING');
    expect(permitStatusOn(permit, '2026-01-01')).toBe('ACTIVE');
  });

  it('is EXPIRING from renewalLeadDays before expiry through the expiry date, EXPIRED the day after', () => {
    // 180 days before 31 December 2030 is 4 July 2030.
    expect(permitStatusOn(permit, '2030-07-03')).toBe('ACTIVE');
    expect(permitStatusOn(permit, '2030-07-04')).toBe('EXPIRING');
    expect(permitStatusOn(permit, '2030-12-31')).toBe('EXPIRING');
    expect(permitStatusOn(permit, '2031-01-01')).toBe('EXPIRED');
  });

  it('is ADMINISTRATIVELY_CONTINUED after expiry when the renewal was filed on or before it, until a new version', () => {
    const filed = { ...permit, renewalSubmittedOn: '2030-12-31' };
    expect(permitStatusOn(filed, '2031-01-01')).toBe('ADMINISTRATIVELY_CONTINUED');
    expect(permitStatusOn({ ...permit, renewalSubmittedOn: '2031-01-01' }, '2031-01-02')).toBe('EXPIRED');
    const renewed = { ...filed, nextVersionEffectiveOn: '2031-03-01' };
    expect(permitStatusOn(renewed, '2031-02-28')).toBe('ADMINISTRATIVELY_CONTINUED');
    expect(permitStatusOn(renewed, '2031-03-01')).toBe('SUPERSEDED');
  });

  it('is TERMINATED from the termination date', () => {
    const ended = { ...permit, terminatedOn: '2027-05-01' };
    expect(permitStatusOn(ended, '2027-04-30')).toBe('ACTIVE');
    expect(permitStatusOn(ended, '2027-05-01')).toBe('TERMINATED');
  });

  it('never expires without an expiry date', () => {
    expect(permitStatusOn({ ...permit, expiresOn: null }, '2099-01-01')).toBe('ACTIVE');
    expect(daysToExpiry(null, '2026-01-01')).toBeNull();
    expect(daysToExpiry('2026-01-31', '2026-01-01')).toBe(30);
  });

  it('keeps conditions active through the term, open-ended while continued, to the day before a stop', () => {
    expect(conditionsActiveUntil(permit)).toBe('2030-12-31');
    expect(conditionsActiveUntil({ ...permit, renewalSubmittedOn: '2030-06-01' })).toBeNull();
    expect(
      conditionsActiveUntil({ ...permit, renewalSubmittedOn: '2030-06-01', nextVersionEffectiveOn: '2031-02-01' }),
    ).toBe('2031-01-31');
    expect(conditionsActiveUntil({ ...permit, terminatedOn: '2027-05-01' })).toBe('2027-04-30');
  });
});
