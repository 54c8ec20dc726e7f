import { describe, expect, it } from 'vitest';
import { call, ok } from '../../test/api-calls';
import { allTasks } from '../../test/compliance-fixtures';
import { bearer } from '../../test/test-app';
import { csvFile, importFile, importSuite, requirementNamed, sampleRow as row, xlsxFile } from './import-test-support';

/** Checking rows against the directory and the caller's facilities, and writing them: one transaction, idempotent. */

describe('requirement import', () => {
  const suite = importSuite();

  async function requirementCount(): Promise<number> {
    const response = await call<{ meta: { total: number } }>(
      suite.t,
      suite.admin,
      'GET',
      '/api/requirements?pageSize=1',
    );
    return response.body.meta.total;
  }

  it('marks every kind of error with its column, and suggests near matches', async () => {
    const file = csvFile([
      row({ Title: 'Unknown site', 'Facility codes': 'PLANT-AA' }),
      row({ Title: 'Unknown person', 'Default assignee email': 'jane.do@example.com' }),
      row({ Title: 'Bad frequency', Frequency: 'FORTNIGHTLY' }),
      row({ Title: 'Impossible date', 'First due date': '2026-02-30' }),
      row({ Title: 'Free-text date', 'First due date': '31/03/2026' }),
      row({ Title: 'Unknown regulation', Regulation: '40 CFR 71' }),
      row({ Title: 'Unknown area', 'Program area': 'Air qualty' }),
      row({ Title: 'No reason', 'Not applicable at': 'OTHER-C' }),
      row({ Title: 'Not his site', 'Default assignee email': 'jane.doe@example.com' }),
      row({ Title: 'Bad number', 'Lead time (days)': 'seven' }),
      row({ Title: 'Twice' }),
      row({ Title: 'twice' }),
      row({ Title: '' }),
    ]);
    const answer = await importFile(suite.t, suite.admin, file, 'errors.csv');
    expect(answer.status).toBe(200);
    const errorsOf = (index: number) => answer.report.rows[index]!.errors;
    expect(errorsOf(0)).toEqual([
      { column: 'Facility codes', message: 'Unknown facility code "PLANT-AA" — did you mean "PLANT-A"?' },
    ]);
    expect(errorsOf(1)).toEqual([
      {
        column: 'Default assignee email',
        message: 'Unknown user "jane.do@example.com" — did you mean "jane.doe@example.com"?',
      },
    ]);
    expect(errorsOf(2)).toEqual([
      { column: 'Frequency', message: expect.stringContaining('Frequency must be one of') },
    ]);
    expect(errorsOf(3)).toEqual([{ column: 'First due date', message: '2026-02-30 is not a real date' }]);
    expect(errorsOf(4)).toEqual([{ column: 'First due date', message: 'Use a date in the form YYYY-MM-DD' }]);
    expect(errorsOf(5)).toEqual([
      { column: 'Regulation', message: 'Unknown regulation "40 CFR 71" — did you mean "40 CFR 70"?' },
    ]);
    expect(errorsOf(6)).toEqual([
      { column: 'Program area', message: 'Unknown program area "Air qualty" — did you mean "Air quality"?' },
    ]);
    expect(errorsOf(7)).toEqual([
      { column: 'Not applicable at', message: 'Write why OTHER-C is not applicable, as "OTHER-C: reason"' },
    ]);
    expect(errorsOf(8)).toEqual([
      {
        column: 'Default assignee email',
        message: 'jane.doe@example.com is not assigned to PLANT-B (see User Facilities)',
      },
    ]);
    expect(errorsOf(9)).toEqual([{ column: 'Lead time (days)', message: '"seven" is not a whole number' }]);
    expect(answer.report.rows[10]!.action).toBe('CREATE');
    expect(errorsOf(11)).toEqual([
      { column: 'Title', message: 'Duplicate of row 12 (same regulation, citation and title)' },
    ]);
    expect(errorsOf(12)).toEqual([{ column: 'Title', message: 'Please enter a title' }]);
    expect(answer.report.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(answer.report.summary).toEqual({ create: 1, update: 0, unchanged: 0, error: 12 });

    // An import with errors writes nothing and answers 409 with the same report.
    const before = await requirementCount();
    const refused = await importFile(suite.t, suite.admin, file, 'errors.csv', false);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.report.summary).toEqual(answer.report.summary);
    expect(await requirementCount()).toBe(before);
  });

  it('imports in one transaction with tasks and one audit event; the same file again changes nothing', async () => {
    const rows = [
      row({ Title: 'Idempotent A', 'Evidence required': 'yes', 'Minimum evidence': '0' }),
      row({
        Title: 'Idempotent B',
        Frequency: 'YEARLY',
        'Default assignee email': 'JANE.DOE@example.com',
        'Facility codes': 'PLANT-A',
        'Not applicable at': 'OTHER-C: no boiler on site',
      }),
    ];
    const file = xlsxFile(rows);
    const importEvents = () =>
      ok<{ action: string; changes: Record<string, { after: unknown }> }[]>(
        suite.t,
        suite.admin,
        'GET',
        '/api/audit?action=IMPORT&pageSize=100',
      );
    const eventsBefore = (await importEvents()).length;
    const first = await importFile(suite.t, suite.admin, file, 'register.xlsx', false);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.report.summary).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
    expect(first.report.rows.every((r) => r.requirementId)).toBe(true);
    const b = (await requirementNamed(suite, 'Idempotent B'))!;
    expect(b.defaultAssigneeId).toBe(suite.ids.assignee);
    expect(b.facilities.map((f) => [f.facilityCode, f.applicable, f.notApplicableReason]).sort()).toEqual([
      ['OTHER-C', false, 'no boiler on site'],
      ['PLANT-A', true, null],
    ]);
    const tasksOfA = await allTasks(suite.t, suite.admin, { requirementId: first.report.rows[0]!.requirementId! });
    expect(tasksOfA.length).toBeGreaterThan(0);
    const audit = await importEvents();
    expect(audit).toHaveLength(eventsBefore + 1);
    expect(audit[0]!.changes.requirements!.after).toEqual({ created: 2, updated: 0, unchanged: 0 });

    const tasksBefore = (await allTasks(suite.t, suite.admin)).length;
    const again = await importFile(suite.t, suite.admin, file, 'register.xlsx', false);
    expect(again.status).toBe(200);
    expect(again.report.summary).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });
    expect((await allTasks(suite.t, suite.admin)).length).toBe(tasksBefore);
    expect(await importEvents()).toHaveLength(audit.length);

    // Case and accents of the natural key do not matter; a changed field makes an UPDATE.
    const changed = csvFile([{ ...rows[0]!, Title: 'IDEMPOTENT a', 'Lead time (days)': '9' }]);
    const update = await importFile(suite.t, suite.admin, changed, 'changed.csv', false);
    expect(update.report.rows[0]).toMatchObject({
      action: 'UPDATE',
      requirementId: first.report.rows[0]!.requirementId,
    });
    // The title takes the file's spelling.
    expect((await requirementNamed(suite, 'IDEMPOTENT a'))?.leadTimeDays).toBe(9);
  });

  it('checks a new default assignee against the facilities an update keeps', async () => {
    await ok(suite.t, suite.admin, 'POST', '/api/requirements', {
      title: 'Kept bindings',
      category: 'AIR',
      frequency: 'MONTHLY',
      firstDueDate: '2026-04-01',
      facilities: [{ facilityId: suite.ids.plantB }],
    });
    // No facility column: the update keeps PLANT-B, where Jane is not assigned.
    const file = csvFile([
      { Title: 'Kept bindings', Category: 'AIR', Frequency: 'MONTHLY', 'First due date': '2026-04-01' },
      {
        Title: 'Kept bindings',
        Category: 'AIR',
        Frequency: 'MONTHLY',
        'First due date': '2026-04-01',
        Citation: 'other',
        'Default assignee email': 'jane.doe@example.com',
        'Facility codes': 'PLANT-A',
      },
    ]);
    const plain = await importFile(suite.t, suite.admin, file, 'kept.csv');
    expect(plain.report.rows.map((r) => r.action)).toEqual(['UNCHANGED', 'CREATE']);
    const withAssignee = csvFile([
      {
        Title: 'Kept bindings',
        Category: 'AIR',
        Frequency: 'MONTHLY',
        'First due date': '2026-04-01',
        'Default assignee email': 'jane.doe@example.com',
      },
    ]);
    const refused = await importFile(suite.t, suite.admin, withAssignee, 'kept.csv');
    expect(refused.report.rows[0]!.errors).toEqual([
      {
        column: 'Default assignee email',
        message: 'jane.doe@example.com is not assigned to PLANT-B (see User Facilities)',
      },
    ]);
  });

  it('keeps a facility administrator to their own facilities, and refuses other roles', async () => {
    const mine = csvFile([row({ Title: 'Local only', 'Facility codes': 'PLANT-A' })]);
    const allowed = await importFile(suite.t, suite.facilityAdmin, mine, 'mine.csv', false);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.report.summary.create).toBe(1);

    const foreign = csvFile([
      row({ Title: 'Foreign site', 'Facility codes': 'PLANT-B' }),
      row({ Title: 'No site', 'Facility codes': '' }),
      // Bound to PLANT-A and PLANT-B by the administrator's import above: not theirs to change.
      row({ Title: 'IDEMPOTENT a', 'Facility codes': 'PLANT-A' }),
    ]);
    const refused = await importFile(suite.t, suite.facilityAdmin, foreign, 'foreign.csv');
    expect(refused.report.rows.map((r) => r.errors[0]?.message)).toEqual([
      // PLANT-B is not theirs: the suggestion names their own facility only.
      'Unknown facility code "PLANT-B" — did you mean "PLANT-A"?',
      'List at least one of your facilities',
      'This requirement also applies to facilities outside yours; only an all-facility administrator can change it',
    ]);
    expect((await importFile(suite.t, suite.facilityUser, mine, 'mine.csv')).status).toBe(403);
    expect((await importFile(suite.t, undefined, mine, 'mine.csv')).status).toBe(401);
    const template = await suite.t.app.inject({
      url: '/api/requirements/import/template',
      headers: bearer(suite.facilityUser),
    });
    expect(template.statusCode).toBe(403);
  });
});
