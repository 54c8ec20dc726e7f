import { createRequirement } from './compliance-fixtures';
import type { TestApp } from './test-app';

/** Data that several task test files start from, written once. */

/**
 * The scenario of the dashboard and Tasks Tracker tests: a monthly SPCC inspection due on the 15th from
 * 15 November 2025 (backfilled from 1 November, 5 days' grace) at each of `facilityIds`.
 */
export function createMonthlySpccInspection(t: TestApp, token: string, facilityIds: string[]) {
  return createRequirement(t, token, {
    title: 'Monthly SPCC inspection',
    category: 'HAZARDOUS_MATERIALS',
    frequency: 'MONTHLY',
    firstDueDate: '2025-11-15',
    backfillFrom: '2025-11-01',
    graceDays: 5,
    facilities: facilityIds.map((facilityId) => ({ facilityId })),
  });
}
