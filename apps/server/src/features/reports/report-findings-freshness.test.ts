import { describe, expect, it } from 'vitest';
import type { ScorecardRow } from '@rtms/shared/schemas/reports';
import { ok } from '../../test/api-calls';
import { allTasks, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { signedInSuiteAt } from '../../test/signed-in-suite';

/**
 * The scorecard's kept answer holds the open findings: a finding recorded, closed or moved shows on the very next
 * read, within the same minute (the findings' revision, migration 0271, is in the answer's stamp).
 */
describe('scorecard open findings are fresh', () => {
  // The clock stands still: the minute in the stamp never moves during the test.
  const suite = signedInSuiteAt('2026-06-10T12:00:00Z');
  const scorecard = (groupBy: string) =>
    ok<ScorecardRow[]>(
      suite.t,
      suite.admin,
      'GET',
      `/api/reports/scorecard?from=2026-01-01&to=2026-06-30&groupBy=${groupBy}`,
    );
  const openAt = async (groupBy: string, key: string) =>
    (await scorecard(groupBy)).find((row) => row.key === key)?.openFindings ?? 0;

  it('shows a new finding, a severity change and a cancellation on the very next read', async () => {
    const { t, admin } = suite;
    const site = await createFacility(t, admin, { name: 'Fresh Ridge', timeZone: 'UTC' });
    const requirement = await createRequirement(t, admin, {
      frequency: 'MONTHLY',
      category: 'AIR',
      firstDueDate: '2026-01-20',
      backfillFrom: '2026-01-01',
      facilities: [{ facilityId: site }],
    });
    const [task] = await allTasks(t, admin, { requirementId: requirement.data._id });
    expect(await openAt('facility', site)).toBe(0);
    expect(await openAt('category', 'AIR')).toBe(0);

    const finding = await ok<{ _id: string }>(t, admin, 'POST', '/api/findings', {
      facilityId: site,
      taskId: task!._id,
      source: 'AUDIT',
      title: 'Stack test overdue',
      severity: 'LOW',
      identifiedOn: '2026-06-01',
    });
    expect(await openAt('facility', site)).toBe(1);
    expect(await openAt('category', 'AIR')).toBe(1);
    const before = (await scorecard('facility')).find((row) => row.key === site)!;

    await ok(t, admin, 'PATCH', `/api/findings/${finding._id}`, { severity: 'CRITICAL' });
    const after = (await scorecard('facility')).find((row) => row.key === site)!;
    // An open critical finding makes the row red at once.
    expect(after.rag).toBe('RED');
    expect(before.rag).not.toBe('RED');

    await ok(t, admin, 'POST', `/api/findings/${finding._id}/cancel`, { reason: 'Recorded twice' });
    expect(await openAt('facility', site)).toBe(0);
    expect(await openAt('category', 'AIR')).toBe(0);
  });
});
