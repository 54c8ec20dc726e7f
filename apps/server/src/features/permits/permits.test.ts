import { beforeAll, describe, expect, it } from 'vitest';
import type { Permit, PermitChangePreview, PermitCondition, PermitDetail } from '@rtms/shared/schemas/permits';
import type { RequirementDetail } from '@rtms/shared/schemas/requirements';
import { call, ok } from '../../test/api-calls';
import { allTasks, assignFacility, TEXAS_PLANT, unique } from '../../test/compliance-fixtures';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';

/** Tuesday 10 March 2026, noon UTC (06:00 in Texas). */
const NOW = '2026-03-10T12:00:00Z';

describe('permits and their conditions', () => {
  const suite = signedInSuiteAt(NOW);
  const sites = suiteFacilities(suite, { texas: TEXAS_PLANT, other: { timeZone: 'UTC' } });
  let otherAdmin: string;
  let texasUser: string;
  let texasAdmin: string;

  beforeAll(async () => {
    const oa = await suite.t.createUser('FACILITY_ADMIN');
    await assignFacility(suite.t, suite.admin, oa.id, sites.other);
    otherAdmin = await suite.t.signIn(oa.email);
    const tu = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, tu.id, sites.texas);
    texasUser = await suite.t.signIn(tu.email);
    const ta = await suite.t.createUser('FACILITY_ADMIN');
    await assignFacility(suite.t, suite.admin, ta.id, sites.texas);
    texasAdmin = await suite.t.signIn(ta.email);
  });

  const createPermit = async (body: Record<string, unknown>, token = suite.admin) => {
    const response = await call<{ data: PermitDetail }>(suite.t, token, 'POST', '/api/permits', {
      facilityId: sites.texas,
      number: `TX-${unique()}`,
      title: 'Construction stormwater general permit',
      agency: 'TCEQ',
      type: 'STORMWATER',
      issuedOn: '2025-12-01',
      effectiveOn: '2026-01-01',
      expiresOn: '2026-12-31',
      ...body,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const read = (id: string, token = suite.admin) => ok<PermitDetail>(suite.t, token, 'GET', `/api/permits/${id}`);
  const addCondition = async (permitId: string, body: Record<string, unknown>) => {
    const response = await call<{ data: PermitCondition }>(
      suite.t,
      suite.admin,
      'POST',
      `/api/permits/${permitId}/conditions`,
      body,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const monthly = (firstDueDate = '2026-01-15') => ({
    reference: '4.2',
    text: 'Inspect the stormwater controls and record the findings.',
    schedule: { frequency: 'MONTHLY', firstDueDate, category: 'WATER' },
  });
  const tasksOf = (requirementId: string) => allTasks(suite.t, suite.admin, { requirementId });

  it('refuses an expiry before the effective date (naming the field) and a duplicate number on one facility', async () => {
    const early = await call<{ details: { path: string }[] }>(suite.t, suite.admin, 'POST', '/api/permits', {
      facilityId: sites.texas,
      number: 'BAD-1',
      title: 'Air permit',
      agency: 'TCEQ',
      type: 'AIR',
      issuedOn: '2026-01-01',
      effectiveOn: '2026-02-01',
      expiresOn: '2026-01-31',
    });
    expect(early.status).toBe(400);
    expect(early.body.details.map((detail) => detail.path)).toContain('expiresOn');

    const first = await createPermit({ number: 'TXR150000' });
    const duplicate = await call(suite.t, suite.admin, 'POST', '/api/permits', {
      facilityId: sites.texas,
      number: 'txr150000',
      title: 'Again',
      agency: 'TCEQ',
      type: 'STORMWATER',
      issuedOn: '2026-01-01',
      effectiveOn: '2026-01-01',
    });
    expect(duplicate.status).toBe(409);
    // The same number at another facility is another permit.
    await createPermit({ facilityId: sites.other, number: 'TXR150000' });
    expect(first.renewalLeadDays).toBe(180);
  });

  it('makes one renewal task, renewalLeadDays before expiry, moved off a holiday with the reason, evidence required', async () => {
    // 180 days before 25 May 2027 is Thursday 26 November 2026, Thanksgiving: filed the day before.
    const permit = await createPermit({ number: 'TX-AIR-77', type: 'AIR', expiresOn: '2027-05-25' });
    expect(permit.renewalTask).toMatchObject({
      title: 'Renew TX-AIR-77',
      scheduledDueDate: '2026-11-26',
      dueDate: '2026-11-25',
      shiftHoliday: 'Thanksgiving Day',
    });
    const renewal = await ok<RequirementDetail>(
      suite.t,
      suite.admin,
      'GET',
      `/api/requirements/${permit.renewalRequirementId}`,
    );
    expect(renewal).toMatchObject({ evidenceRequired: true, minEvidence: 1, frequency: 'ONCE', category: 'AIR' });
    expect(await tasksOf(permit.renewalRequirementId!)).toHaveLength(1);
    // A later expiry moves the one renewal task; no second one is made.
    await ok(suite.t, suite.admin, 'PATCH', `/api/permits/${permit._id}`, { expiresOn: '2027-06-30' });
    const moved = await tasksOf(permit.renewalRequirementId!);
    // 180 days before 30 June 2027 is New Year's Day 2027: filed on the last business day of 2026.
    expect(moved.map((task) => [task.scheduledDueDate, task.dueDate])).toEqual([['2027-01-01', '2026-12-31']]);
  });

  it('reads each status at its boundary in the facility’s time zone', async () => {
    const permit = await createPermit({ effectiveOn: '2026-03-11', expiresOn: '2026-06-30', renewalLeadDays: 30 });
    // 23:30 on 10 March in Texas: not yet effective.
    suite.clock.set('2026-03-11T04:30:00Z');
    expect((await read(permit._id)).status).toBe('PENDING');
    suite.clock.set('2026-03-11T06:30:00Z');
    expect((await read(permit._id)).status).toBe('ACTIVE');
    // 30 days before 30 June is 31 May.
    suite.clock.set('2026-05-31T04:59:00Z');
    expect((await read(permit._id)).status).toBe('ACTIVE');
    suite.clock.set('2026-05-31T05:01:00Z');
    const expiring = await read(permit._id);
    expect(expiring).toMatchObject({ status: 'EXPIRING', daysToExpiry: 30 });
    suite.clock.set('2026-07-01T04:59:00Z');
    expect((await read(permit._id)).status).toBe('EXPIRING');
    suite.clock.set('2026-07-01T05:01:00Z');
    expect((await read(permit._id)).status).toBe('EXPIRED');
    suite.clock.set(NOW);
  });

  it('turns a scheduled condition into one requirement at the permit’s facility with tasks only within the term', async () => {
    const permit = await createPermit({});
    const condition = await addCondition(permit._id, monthly());
    expect(condition.requirementId).not.toBeNull();
    const requirement = await ok<RequirementDetail>(
      suite.t,
      suite.admin,
      'GET',
      `/api/requirements/${condition.requirementId}`,
    );
    expect(requirement.facilities.map((facility) => facility.facilityId)).toEqual([sites.texas]);
    expect(requirement).toMatchObject({
      activeFrom: '2026-01-01',
      activeUntil: '2026-12-31',
      permitNumber: permit.number,
    });
    const dates = (await tasksOf(condition.requirementId!)).map((task) => task.scheduledDueDate);
    expect(dates[0]).toBe('2026-03-15');
    expect(dates.at(-1)).toBe('2026-12-15');
    expect(dates).toHaveLength(10);

    const standing = await addCondition(permit._id, { reference: '2.1', text: 'Keep a copy of the permit on site.' });
    expect(standing.requirementId).toBeNull();
    const page = await read(permit._id);
    expect(page.conditions.map((c) => [c.reference, c.nextTask?.dueDate ?? null])).toEqual([
      ['4.2', '2026-03-15'],
      ['2.1', null],
    ]);
  });

  it('keeps an administratively continued permit’s conditions making tasks after expiry', async () => {
    const permit = await createPermit({});
    const condition = await addCondition(permit._id, monthly());
    await ok(suite.t, suite.admin, 'PATCH', `/api/permits/${permit._id}`, { renewalSubmittedOn: '2026-07-01' });
    const requirement = await ok<RequirementDetail>(
      suite.t,
      suite.admin,
      'GET',
      `/api/requirements/${condition.requirementId}`,
    );
    expect(requirement.activeUntil).toBeNull();
    const dates = (await tasksOf(condition.requirementId!)).map((task) => task.scheduledDueDate);
    expect(dates).toContain('2027-01-15');
    suite.clock.set('2027-01-05T18:00:00Z');
    expect((await read(permit._id)).status).toBe('ADMINISTRATIVELY_CONTINUED');
    suite.clock.set(NOW);
  });

  it('switches to a new version: untouched open tasks superseded, completed and touched ones kept, old version browsable', async () => {
    const permit = await createPermit({});
    const condition = await addCondition(permit._id, monthly());
    const tasks = await tasksOf(condition.requirementId!);
    const byDate = new Map(tasks.map((task) => [task.scheduledDueDate, task]));
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${byDate.get('2026-06-15')!._id}/complete`, {});
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${byDate.get('2026-07-15')!._id}/comments`, { body: 'Started' });

    const body = { effectiveOn: '2026-06-01', expiresOn: '2031-05-31' };
    const preview = await ok<PermitChangePreview>(
      suite.t,
      suite.admin,
      'POST',
      `/api/permits/${permit._id}/versions/preview`,
      body,
    );
    // The old version's renewal (4 July 2026, a Saturday and Independence Day, filed on 2 July) goes too.
    expect(preview.removed.map((task) => task.dueDate)).toEqual([
      '2026-07-02',
      '2026-08-15',
      '2026-09-15',
      '2026-10-15',
      '2026-11-15',
      '2026-12-15',
    ]);
    expect(preview.kept).toBe(2);
    expect(preview.added.map((item) => item.reference)).toEqual(['4.2', '']);

    const created = await call<{ data: PermitDetail }>(
      suite.t,
      suite.admin,
      'POST',
      `/api/permits/${permit._id}/versions`,
      body,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const next = created.body.data;
    expect(next).toMatchObject({ version: 2, previousVersionId: permit._id, status: 'PENDING', number: permit.number });
    expect(next.conditions).toHaveLength(1);
    expect(next.conditions[0]!.requirementId).not.toBe(condition.requirementId);

    const after = new Map((await tasksOf(condition.requirementId!)).map((task) => [task.scheduledDueDate, task]));
    expect(after.get('2026-05-15')).toMatchObject({ state: expect.not.stringMatching('NOT_APPLICABLE') });
    expect(after.get('2026-06-15')!.status).toBe('COMPLETED');
    expect(after.get('2026-07-15')!.notApplicableReason).toBeNull();
    expect(after.get('2026-08-15')).toMatchObject({
      notApplicableReason: 'Superseded by version 2',
      state: 'NOT_APPLICABLE',
    });
    const fresh = (await tasksOf(next.conditions[0]!.requirementId!)).map((task) => task.scheduledDueDate);
    expect(fresh[0]).toBe('2026-06-15');

    suite.clock.set('2026-06-01T12:00:00Z');
    const old = await read(permit._id);
    expect(old.status).toBe('SUPERSEDED');
    expect(old.versions.map((version) => [version.version, version.status])).toEqual([
      [1, 'SUPERSEDED'],
      [2, 'ACTIVE'],
    ]);
    suite.clock.set(NOW);
    // Only the latest version changes, and gets new conditions.
    expect((await call(suite.t, suite.admin, 'POST', `/api/permits/${permit._id}/versions`, body)).status).toBe(409);
    expect((await call(suite.t, suite.admin, 'POST', `/api/permits/${permit._id}/conditions`, monthly())).status).toBe(
      409,
    );
  });

  it('terminates a permit: previewed, then no task on or after the day, audited', async () => {
    const permit = await createPermit({});
    const condition = await addCondition(permit._id, monthly());
    const body = { terminatedOn: '2026-09-01', reason: 'Construction finished; notice of termination filed' };
    const preview = await ok<PermitChangePreview>(
      suite.t,
      suite.admin,
      'POST',
      `/api/permits/${permit._id}/terminate/preview`,
      body,
    );
    expect(preview.removed.map((task) => task.dueDate)).toEqual([
      '2026-09-15',
      '2026-10-15',
      '2026-11-15',
      '2026-12-15',
    ]);
    const ended = await ok<PermitDetail>(suite.t, suite.admin, 'POST', `/api/permits/${permit._id}/terminate`, body);
    expect(ended).toMatchObject({ terminatedOn: '2026-09-01', terminationReason: body.reason, status: 'ACTIVE' });
    const states = (await tasksOf(condition.requirementId!)).map((task) => [task.scheduledDueDate, task.state]);
    expect(states.filter(([, state]) => state === 'NOT_APPLICABLE').map(([date]) => date)).toEqual([
      '2026-09-15',
      '2026-10-15',
      '2026-11-15',
      '2026-12-15',
    ]);
    expect((await call(suite.t, suite.admin, 'POST', `/api/permits/${permit._id}/terminate`, body)).status).toBe(409);
    const events = await ok<{ action: string }[]>(suite.t, suite.admin, 'GET', `/api/audit?entityId=${permit._id}`);
    expect(events.map((event) => event.action)).toEqual(expect.arrayContaining(['CREATE', 'TERMINATE']));
  });

  it('keeps facility roles to their facilities (404) and facility users to reading (403)', async () => {
    const permit = await createPermit({});
    expect((await call(suite.t, otherAdmin, 'GET', `/api/permits/${permit._id}`)).status).toBe(404);
    expect((await call(suite.t, otherAdmin, 'PATCH', `/api/permits/${permit._id}`, { title: 'x' })).status).toBe(404);
    const theirs = await ok<Permit[]>(suite.t, otherAdmin, 'GET', '/api/permits?pageSize=100');
    expect(theirs.every((row) => row.facilityId === sites.other)).toBe(true);
    expect((await read(permit._id, texasUser)).number).toBe(permit.number);
    expect((await call(suite.t, texasUser, 'PATCH', `/api/permits/${permit._id}`, { title: 'x' })).status).toBe(403);
    expect((await call(suite.t, texasUser, 'POST', `/api/permits/${permit._id}/conditions`, monthly())).status).toBe(
      403,
    );
    const own = await createPermit({ number: `FA-${unique()}` }, texasAdmin);
    expect(own.facilityId).toBe(sites.texas);
    const elsewhere = await call(suite.t, texasAdmin, 'POST', '/api/permits', {
      facilityId: sites.other,
      number: 'NOPE',
      title: 'Elsewhere',
      agency: 'EPA',
      type: 'OTHER',
      issuedOn: '2026-01-01',
      effectiveOn: '2026-01-01',
    });
    expect(elsewhere.status).toBe(404);
  });

  it('filters, searches and sorts the register on the server', async () => {
    const soon = await createPermit({
      number: `EAGLE-${unique()}`,
      type: 'WILDLIFE',
      agency: 'US Fish and Wildlife Service',
      expiresOn: '2026-05-01',
    });
    const list = (query: string) => ok<Permit[]>(suite.t, suite.admin, 'GET', `/api/permits?pageSize=100&${query}`);
    expect((await list('type=WILDLIFE')).map((row) => row._id)).toEqual([soon._id]);
    expect((await list('status=EXPIRING')).map((row) => row._id)).toContain(soon._id);
    expect((await list('status=EXPIRING')).every((row) => row.status === 'EXPIRING')).toBe(true);
    expect((await list('search=wildlife')).map((row) => row._id)).toEqual([soon._id]);
    expect((await list('expiresFrom=2026-04-01&expiresTo=2026-05-31')).map((row) => row._id)).toEqual([soon._id]);
    const sorted = await list(`facilityId=${sites.texas}&sort=expiresOn`);
    expect(sorted[0]!._id).toBe(soon._id);
    const page = await call<{ meta: { total: number } }>(suite.t, suite.admin, 'GET', '/api/permits?pageSize=1');
    expect(page.body.meta.total).toBeGreaterThan(1);
  });

  it('answers 400 for bad input', async () => {
    const bad = async (method: 'POST' | 'GET', url: string, body?: object) =>
      (await call(suite.t, suite.admin, method, url, body)).status;
    expect(
      await bad('POST', '/api/permits', {
        facilityId: sites.texas,
        number: 'X',
        title: 'X',
        agency: 'X',
        type: 'NOISE',
        issuedOn: '2026-01-01',
        effectiveOn: '2026-01-01',
      }),
    ).toBe(400);
    expect(
      await bad('POST', '/api/permits', {
        facilityId: sites.texas,
        number: 'X',
        title: 'X',
        agency: 'X',
        type: 'AIR',
        issuedOn: '2026-02-30',
        effectiveOn: '2026-01-01',
      }),
    ).toBe(400);
    expect(await bad('GET', '/api/permits?status=LAPSED')).toBe(400);
    const permit = await createPermit({});
    expect(
      await bad('POST', `/api/permits/${permit._id}/conditions`, {
        reference: '1',
        text: 'x',
        schedule: { frequency: 'HOURLY', firstDueDate: '2026-01-01', category: 'AIR' },
      }),
    ).toBe(400);
    expect(await bad('POST', `/api/permits/${permit._id}/versions`, { effectiveOn: '2025-01-01' })).toBe(400);
    expect(await bad('POST', `/api/permits/${permit._id}/terminate`, { terminatedOn: '2026-05-01' })).toBe(400);
  });
});
