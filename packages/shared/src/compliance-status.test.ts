import { describe, expect, it } from 'vitest';
import { AMBER_BELOW_RATE, RED_BELOW_RATE, complianceStatusOf } from './compliance-status';

describe('complianceStatusOf', () => {
  it.each([
    [{ overdue: 0, missed: 0, rate: null }, 'GREEN', 'NONE'],
    [{ overdue: 0, missed: 0, rate: 1 }, 'GREEN', 'NONE'],
    [{ overdue: 0, missed: 0, rate: AMBER_BELOW_RATE }, 'GREEN', 'NONE'],
    [{ overdue: 0, missed: 0, rate: AMBER_BELOW_RATE - 0.001 }, 'AMBER', 'LOW_RATE'],
    [{ overdue: 1, missed: 0, rate: 1 }, 'AMBER', 'OVERDUE'],
    [{ overdue: 3, missed: 0, rate: null }, 'AMBER', 'OVERDUE'],
    [{ overdue: 0, missed: 0, rate: RED_BELOW_RATE }, 'AMBER', 'LOW_RATE'],
    [{ overdue: 0, missed: 0, rate: RED_BELOW_RATE - 0.001 }, 'RED', 'LOW_RATE'],
    [{ overdue: 0, missed: 1, rate: 0.99 }, 'RED', 'MISSED'],
    [{ overdue: 1, missed: 0, rate: 1, openHighFindings: 1 }, 'RED', 'HIGH_FINDINGS'],
    [{ overdue: 0, missed: 0, rate: null, openHighFindings: 0 }, 'GREEN', 'NONE'],
    [{ overdue: 5, missed: 2, rate: 0.5 }, 'RED', 'MISSED'],
  ] as const)('%o is %s (%s)', (figures, status, reason) => {
    expect(complianceStatusOf(figures)).toEqual({ status, reason });
  });
});
