import { beforeAll, describe, expect, it } from 'vitest';
import { FINDING_FIGURE_QUERIES, type CorrectiveAction, type FindingDetail } from '@rtms/shared/schemas/findings';
import { call, ok } from '../../test/api-calls';
import { assignFacility, createFacility } from '../../test/compliance-fixtures';
import { signedInSuiteAt } from '../../test/signed-in-suite';
import { samplePdf } from '../../test/sample-files';
import { upload } from '../documents/documents-test-support';

/**
 * Findings by hand and their lifecycle: root cause, actions, the owner's completion and later date, verification
 * (not by an action's owner), closing only when every action is done and the fix verified, cancelling; scope and
 * roles; bad input answers 400 with the field and writes nothing.
 */
const suite = signedInSuiteAt('2026-03-10T12:00:00Z');
let facilityId: string;
let otherFacilityId: string;
const users = {} as Record<'facilityAdmin' | 'fieldUser' | 'outsider', { id: string; token: string }>;

beforeAll(async () => {
  facilityId = await createFacility(suite.t, suite.admin, { name: 'North Ridge Wind' });
  otherFacilityId = await createFacility(suite.t, suite.admin, { name: 'South Mesa Solar' });
  for (const [name, role, facility] of [
    ['facilityAdmin', 'FACILITY_ADMIN', facilityId],
    ['fieldUser', 'FACILITY_USER', facilityId],
    ['outsider', 'FACILITY_ADMIN', otherFacilityId],
  ] as const) {
    const user = await suite.t.createUser(role);
    await assignFacility(suite.t, suite.admin, user.id, facility);
    users[name] = { id: user.id, token: await suite.t.signIn(user.email) };
  }
});

const newFinding = (token: string, body: object = {}) =>
  call<{ data: FindingDetail }>(suite.t, token, 'POST', '/api/findings', {
    facilityId,
    source: 'INSPECTION',
    title: 'Oil sheen below transformer T2',
    severity: 'HIGH',
    identifiedOn: '2026-03-09',
    ...body,
  });

const countFindings = async () =>
  Number(
    (
      await suite.t.database.db
        .selectFrom('findings')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

describe('recording a finding', () => {
  it('lets a facility user record one in their facility, and answers 404 outside it', async () => {
    const created = await newFinding(users.fieldUser.token, {
      source: 'AGENCY_NOTICE',
      reportable: true,
      reportDueDate: '2026-03-20',
      description: 'Notice of violation 26-041',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'OPEN', reportable: true, reportDueDate: '2026-03-20' });
    expect(created.body.data.history.map((event) => event.action)).toEqual(['CREATE']);
    expect((await newFinding(users.outsider.token)).status).toBe(404);
    expect((await call(suite.t, users.outsider.token, 'GET', `/api/findings/${created.body.data._id}`)).status).toBe(
      404,
    );
    const mine = await call<{ meta: { total: number } }>(suite.t, users.outsider.token, 'GET', '/api/findings');
    expect(mine.body.meta.total).toBe(0);
  });

  it('answers 400 with the field for bad input and writes nothing', async () => {
    const before = await countFindings();
    const cases: [object, string][] = [
      [{ source: 'MISSED_TASK' }, 'source'],
      [{ severity: 'SEVERE' }, 'severity'],
      [{ title: '  ' }, 'title'],
      [{ identifiedOn: '2026-02-30' }, 'identifiedOn'],
      [{ reportable: true }, 'reportDueDate'],
      [{ unknown: 1 }, 'unknown'],
      [{ identifiedOn: '2026-04-01' }, 'identifiedOn'],
      [{ ownerId: users.outsider.id }, 'ownerId'],
    ];
    for (const [body, field] of cases) {
      const response = await newFinding(suite.admin, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.body.details)).toContain(field);
    }
    expect(await countFindings()).toBe(before);
  });
});

describe('the permit of a finding', () => {
  const newPermit = async (facility: string, number: string) =>
    ok<{ _id: string }>(suite.t, suite.admin, 'POST', '/api/permits', {
      facilityId: facility,
      number,
      title: 'Spill prevention plan',
      agency: 'State agency',
      type: 'STORMWATER',
      issuedOn: '2025-12-01',
      effectiveOn: '2026-01-01',
      expiresOn: '2026-12-31',
    });

  it('names a permit of its own facility by number and title, set when recorded or later', async () => {
    const permit = await newPermit(facilityId, 'SPCC-7');
    const recorded = await newFinding(users.fieldUser.token, { permitId: permit._id });
    expect(recorded.status).toBe(201);
    expect(recorded.body.data).toMatchObject({ permitId: permit._id, permitLabel: 'SPCC-7 · Spill prevention plan' });
    const plain = (await newFinding(users.facilityAdmin.token)).body.data;
    expect(plain).toMatchObject({ permitId: null, permitLabel: null });
    const edited = await ok<FindingDetail>(suite.t, users.facilityAdmin.token, 'PATCH', `/api/findings/${plain._id}`, {
      permitId: permit._id,
    });
    expect(edited.permitLabel).toBe('SPCC-7 · Spill prevention plan');
    const cleared = await ok<FindingDetail>(suite.t, users.facilityAdmin.token, 'PATCH', `/api/findings/${plain._id}`, {
      permitId: null,
    });
    expect(cleared).toMatchObject({ permitId: null, permitLabel: null });
  });

  it('refuses a permit of another facility with 400 on permitId, and writes nothing', async () => {
    const elsewhere = await newPermit(otherFacilityId, 'SPCC-9');
    const before = await countFindings();
    const created = await newFinding(suite.admin, { permitId: elsewhere._id });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({
      details: [{ path: 'permitId', message: 'Choose a permit of the same facility' }],
    });
    expect(await countFindings()).toBe(before);
    const finding = (await newFinding(suite.admin)).body.data;
    const patched = await call<{ details: unknown }>(suite.t, suite.admin, 'PATCH', `/api/findings/${finding._id}`, {
      permitId: elsewhere._id,
    });
    expect(patched.status).toBe(400);
    expect(patched.body.details).toEqual([{ path: 'permitId', message: 'Choose a permit of the same facility' }]);
    expect((await ok<FindingDetail>(suite.t, suite.admin, 'GET', `/api/findings/${finding._id}`)).permitId).toBeNull();
  });
});

describe('the lifecycle', () => {
  let finding: FindingDetail;
  let action: CorrectiveAction;

  beforeAll(async () => {
    finding = (await newFinding(users.facilityAdmin.token)).body.data;
  });

  it('takes a root cause from managers only (403 for a facility user)', async () => {
    const body = { rootCause: 'Gasket aged out', rootCauseCategory: 'EQUIPMENT' };
    expect((await call(suite.t, users.fieldUser.token, 'PATCH', `/api/findings/${finding._id}`, body)).status).toBe(
      403,
    );
    const updated = await ok<FindingDetail>(
      suite.t,
      users.facilityAdmin.token,
      'PATCH',
      `/api/findings/${finding._id}`,
      body,
    );
    expect(updated).toMatchObject(body);
    const bad = await call(suite.t, suite.admin, 'PATCH', `/api/findings/${finding._id}`, {
      rootCauseCategory: 'LUCK',
    });
    expect(bad.status).toBe(400);
  });

  it('moves to ACTIONS_IN_PROGRESS with an action owned by a facility user', async () => {
    const created = await call<{ data: CorrectiveAction }>(
      suite.t,
      users.facilityAdmin.token,
      'POST',
      `/api/findings/${finding._id}/actions`,
      { title: 'Replace gasket', type: 'CORRECTION', ownerId: users.fieldUser.id, dueDate: '2026-03-12' },
    );
    expect(created.status).toBe(201);
    action = created.body.data;
    expect(action).toMatchObject({ status: 'OPEN', overdue: false, ownerId: users.fieldUser.id });
    const read = await ok<FindingDetail>(suite.t, suite.admin, 'GET', `/api/findings/${finding._id}`);
    expect(read).toMatchObject({ status: 'ACTIONS_IN_PROGRESS', openActions: 1, overdueActions: 0 });
    const badAction = await call(suite.t, suite.admin, 'POST', `/api/findings/${finding._id}/actions`, {
      title: 'x',
      type: 'FIX',
      ownerId: users.fieldUser.id,
      dueDate: '2026-03-12',
    });
    expect(badAction.status).toBe(400);
  });

  it('counts the action overdue after its due date, in the lists and filters', async () => {
    suite.clock.set('2026-03-13T12:00:00Z');
    const overdue = await call<{ data: { _id: string }[]; meta: { total: number } }>(
      suite.t,
      suite.admin,
      'GET',
      `/api/findings?overdueActions=true&facilityId=${facilityId}`,
    );
    expect(overdue.body.data.map((row) => row._id)).toEqual([finding._id]);
    const mine = await ok<CorrectiveAction[]>(
      suite.t,
      users.fieldUser.token,
      'GET',
      `/api/corrective-actions?ownerId=${users.fieldUser.id}&overdue=true`,
    );
    expect(mine.map((row) => row._id)).toEqual([action._id]);
  });

  it('lets the owner ask for a later date with a reason, and nothing else', async () => {
    const url = `/api/corrective-actions/${action._id}`;
    const token = users.fieldUser.token;
    expect((await call(suite.t, token, 'PATCH', url, { dueDate: '2026-03-20' })).status).toBe(400);
    expect((await call(suite.t, token, 'PATCH', url, { dueDate: '2026-03-11', reason: 'x' })).status).toBe(400);
    expect((await call(suite.t, token, 'PATCH', url, { title: 'Something else' })).status).toBe(403);
    expect((await call(suite.t, users.outsider.token, 'PATCH', url, { note: 'hi' })).status).toBe(404);
    const moved = await ok<CorrectiveAction>(suite.t, token, 'PATCH', url, {
      dueDate: '2026-03-20',
      reason: 'Gasket on back order',
    });
    expect(moved).toMatchObject({ dueDate: '2026-03-20', dueDateReason: 'Gasket on back order', overdue: false });
  });

  it('answers 409 to close while an action is open', async () => {
    const closing = await call(suite.t, suite.admin, 'POST', `/api/findings/${finding._id}/close`);
    expect(closing.status).toBe(409);
    const verifying = await call(suite.t, suite.admin, 'POST', `/api/findings/${finding._id}/verify`, {
      effective: true,
    });
    expect(verifying.status).toBe(409);
  });

  it('lets the owner complete it with a note; the finding awaits verification', async () => {
    const url = `/api/corrective-actions/${action._id}`;
    expect((await call(suite.t, users.fieldUser.token, 'PATCH', url, { status: 'DONE' })).status).toBe(400);
    const done = await ok<CorrectiveAction>(suite.t, users.fieldUser.token, 'PATCH', url, {
      status: 'DONE',
      note: 'Gasket replaced, area cleaned',
    });
    expect(done).toMatchObject({ status: 'DONE', completedOn: '2026-03-13' });
    const read = await ok<FindingDetail>(suite.t, suite.admin, 'GET', `/api/findings/${finding._id}`);
    expect(read.status).toBe('PENDING_VERIFICATION');
  });

  it('refuses a verifier who owns one of its actions (403)', async () => {
    // The owner is now an admin of the facility: a manager, but still the action's owner.
    const ownerAction = await ok<CorrectiveAction>(
      suite.t,
      suite.admin,
      'POST',
      `/api/findings/${finding._id}/actions`,
      {
        title: 'Check the other transformers',
        type: 'PREVENTIVE',
        ownerId: users.facilityAdmin.id,
        dueDate: '2026-03-30',
      },
    );
    await ok(suite.t, users.facilityAdmin.token, 'PATCH', `/api/corrective-actions/${ownerAction._id}`, {
      status: 'DONE',
      note: 'All checked',
    });
    const verifying = await call(suite.t, users.facilityAdmin.token, 'POST', `/api/findings/${finding._id}/verify`, {
      effective: true,
    });
    expect(verifying.status).toBe(403);
    expect((await call(suite.t, users.facilityAdmin.token, 'POST', `/api/findings/${finding._id}/close`)).status).toBe(
      403,
    );
  });

  it('sends it back to ACTIONS_IN_PROGRESS when the fix is not effective, and asks for a new action', async () => {
    const url = `/api/findings/${finding._id}/verify`;
    expect((await call(suite.t, suite.admin, 'POST', url, { effective: false })).status).toBe(400);
    const back = await ok<FindingDetail>(suite.t, suite.admin, 'POST', url, {
      effective: false,
      note: 'Sheen again after rain',
    });
    expect(back).toMatchObject({ status: 'ACTIONS_IN_PROGRESS', verification: { effective: false } });
    expect((await call(suite.t, suite.admin, 'POST', url, { effective: true })).status).toBe(409);
    expect((await call(suite.t, suite.admin, 'POST', `/api/findings/${finding._id}/close`)).status).toBe(409);
    const again = await ok<CorrectiveAction>(suite.t, suite.admin, 'POST', `/api/findings/${finding._id}/actions`, {
      title: 'Add secondary containment',
      type: 'CORRECTIVE',
      ownerId: users.fieldUser.id,
      dueDate: '2026-04-10',
    });
    await ok(suite.t, users.fieldUser.token, 'PATCH', `/api/corrective-actions/${again._id}`, {
      status: 'DONE',
      note: 'Berm installed',
    });
    const read = await ok<FindingDetail>(suite.t, suite.admin, 'GET', `/api/findings/${finding._id}`);
    expect(read).toMatchObject({ status: 'PENDING_VERIFICATION', verification: null });
  });

  it('closes once verified effective by someone who owns none of its actions; every step audited', async () => {
    await ok(suite.t, suite.admin, 'POST', `/api/findings/${finding._id}/verify`, { effective: true, note: 'Dry' });
    const closed = await ok<FindingDetail>(suite.t, suite.admin, 'POST', `/api/findings/${finding._id}/close`);
    expect(closed.status).toBe('CLOSED');
    expect(closed.verification).toMatchObject({ effective: true, note: 'Dry', on: '2026-03-13' });
    const actions = closed.history.map((event) => `${event.entityType} ${event.action}`);
    for (const step of ['FINDING CREATE', 'FINDING UPDATE', 'CORRECTIVE_ACTION CREATE', 'CORRECTIVE_ACTION COMPLETE'])
      expect(actions).toContain(step);
    expect(actions.filter((step) => step === 'FINDING VERIFY')).toHaveLength(2);
    expect(actions.at(-1)).toBe('FINDING CLOSE');
    expect(
      (await call(suite.t, suite.admin, 'POST', `/api/findings/${finding._id}/cancel`, { reason: 'x' })).status,
    ).toBe(409);
  });
});

describe('cancelling', () => {
  it('needs a reason, cancels its open actions, and is for managers only', async () => {
    const finding = (await newFinding(suite.admin, { source: 'SELF_IDENTIFIED' })).body.data;
    const action = await ok<CorrectiveAction>(suite.t, suite.admin, 'POST', `/api/findings/${finding._id}/actions`, {
      title: 'Retrain',
      type: 'PREVENTIVE',
      ownerId: users.fieldUser.id,
      dueDate: '2026-05-01',
    });
    const url = `/api/findings/${finding._id}/cancel`;
    expect((await call(suite.t, suite.admin, 'POST', url, {})).status).toBe(400);
    expect((await call(suite.t, users.fieldUser.token, 'POST', url, { reason: 'Duplicate' })).status).toBe(403);
    const cancelled = await ok<FindingDetail>(suite.t, suite.admin, 'POST', url, { reason: 'Duplicate of NOV 26-041' });
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'Duplicate of NOV 26-041', openActions: 0 });
    expect(cancelled.actions.find((row) => row._id === action._id)!.status).toBe('CANCELLED');
  });
});

describe('the list', () => {
  it('filters, searches and sorts on the server', async () => {
    const list = (query: string) =>
      ok<{ _id: string; severity: string; status: string }[]>(suite.t, suite.admin, 'GET', `/api/findings?${query}`);
    expect((await list('search=sheen')).length).toBeGreaterThan(0);
    expect((await list('source=AGENCY_NOTICE&reportPending=true')).length).toBe(1);
    expect(
      (await list('open=true')).every((row) =>
        ['OPEN', 'ACTIONS_IN_PROGRESS', 'PENDING_VERIFICATION'].includes(row.status),
      ),
    ).toBe(true);
    const bySeverity = await list('sort=-severity');
    expect(bySeverity[0]!.severity).toBe('HIGH');
    expect((await call(suite.t, suite.admin, 'GET', '/api/findings?sort=colour')).status).toBe(400);
    expect((await call(suite.t, suite.admin, 'GET', '/api/findings?status=DONE')).status).toBe(400);
  });

  it('counts figures whose lists have the same totals, per facility and in scope', async () => {
    for (const [token, facility] of [
      [suite.admin, undefined],
      [suite.admin, facilityId],
      [users.fieldUser.token, facilityId],
    ] as const) {
      const query = facility ? `?facilityId=${facility}` : '';
      const summary = await ok<Record<string, number>>(suite.t, token, 'GET', `/api/findings/summary${query}`);
      expect(summary.open).toBeGreaterThan(0);
      for (const [figure, filters] of Object.entries(FINDING_FIGURE_QUERIES)) {
        const params = new URLSearchParams({ ...filters, ...(facility ? { facilityId: facility } : {}) });
        const page = await call<{ meta: { total: number } }>(suite.t, token, 'GET', `/api/findings?${params}`);
        expect(page.body.meta.total, figure).toBe(summary[figure]);
      }
    }
    const outside = await call(suite.t, users.outsider.token, 'GET', `/api/findings/summary?facilityId=${facilityId}`);
    expect(outside.status).toBe(404);
  });
});

describe('evidence of a completed action', () => {
  it('attaches documents of the finding’s facility, and refuses others with the field (nothing written)', async () => {
    const finding = (await newFinding(suite.admin, { source: 'AUDIT', title: 'Eyewash log missing' })).body.data;
    const action = await ok<CorrectiveAction>(suite.t, suite.admin, 'POST', `/api/findings/${finding._id}/actions`, {
      title: 'Start a weekly eyewash log',
      type: 'CORRECTIVE',
      ownerId: users.fieldUser.id,
      dueDate: '2026-04-30',
    });
    const here = await upload(
      suite.t,
      suite.admin,
      { title: 'Eyewash log template', kind: 'LIBRARY', facilityId },
      { fileName: 'log.pdf', content: samplePdf('Eyewash log') },
    );
    const elsewhere = await upload(
      suite.t,
      suite.admin,
      { title: 'Other site log', kind: 'LIBRARY', facilityId: otherFacilityId },
      { fileName: 'other.pdf', content: samplePdf('Other') },
    );
    const url = `/api/corrective-actions/${action._id}`;
    const refused = await call(suite.t, users.fieldUser.token, 'PATCH', url, {
      status: 'DONE',
      note: 'Log started',
      documentIds: [elsewhere.body.data._id],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.details)).toContain('documentIds');
    expect(
      (await ok<FindingDetail>(suite.t, suite.admin, 'GET', `/api/findings/${finding._id}`)).actions[0]!.status,
    ).toBe('OPEN');
    const done = await ok<CorrectiveAction>(suite.t, users.fieldUser.token, 'PATCH', url, {
      status: 'DONE',
      note: 'Log started',
      documentIds: [here.body.data._id],
    });
    expect(done).toMatchObject({ status: 'DONE', documentIds: [here.body.data._id] });
  });
});
