import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '@rtms/shared/schemas/audit';
import { ADMIN_EMAIL, bearer } from '../../test/test-app';
import { signedInSuite } from '../../test/signed-in-suite';
import { storedRow } from '../../test/stored-rows';
import { createRequirement } from '../../test/compliance-fixtures';

const suite = signedInSuite();

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const response = await suite.t.app.inject({
    method,
    url,
    headers: bearer(suite.admin),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

describe('names kept in audit events', () => {
  it('keeps who, which facility and which object by the names they had at the time', async () => {
    const facility = (
      await call('POST', '/api/facilities', { name: 'Prairie Wind', code: 'PRW', type: 'WIND', timeZone: 'UTC' })
    ).data;
    await call('PATCH', `/api/facilities/${facility._id}`, { name: 'Prairie Wind II' });
    const events = (await call('GET', `/api/audit?entityType=FACILITY&entityId=${facility._id}&sort=at`))
      .data as AuditEvent[];
    const me = await storedRow(suite.t, 'users', { email: ADMIN_EMAIL });
    expect(events.map((event) => [event.action, event.entityName, event.facilityName, event.actorName])).toEqual([
      ['CREATE', 'Prairie Wind', 'Prairie Wind', `${me.firstName} ${me.lastName}`.trim()],
      ['UPDATE', 'Prairie Wind II', 'Prairie Wind II', `${me.firstName} ${me.lastName}`.trim()],
    ]);
    expect((await call('GET', '/api/audit/verify')).data.intact).toBe(true);
  });

  it('keeps the names of the objects changed values point to, as they were', async () => {
    const facility = (
      await call('POST', '/api/facilities', { name: 'Mesa Solar', code: 'MSS', type: 'SOLAR', timeZone: 'UTC' })
    ).data;
    const created = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(suite.admin),
      payload: { email: 'dana.site@example.com', firstName: 'Dana', lastName: 'Site', role: 'FACILITY_USER' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const dana = created.json().data as { _id: string };
    await call('POST', '/api/user-facilities', { userId: dana._id, facilityId: facility._id });
    // Renamed afterwards: the event keeps the name of the time.
    await call('PATCH', `/api/facilities/${facility._id}`, { name: 'Mesa Solar II' });
    const [event] = (await call('GET', `/api/audit?entityType=USER_FACILITY&facilityId=${facility._id}`))
      .data as AuditEvent[];
    expect(event?.changes).toMatchObject({ userId: { after: dana._id }, facilityId: { after: facility._id } });
    expect(event?.valueNames).toEqual({ [dana._id]: 'Dana Site', [facility._id]: 'Mesa Solar' });
    // An event without such values has none.
    const [rename] = (await call('GET', `/api/audit?entityType=FACILITY&entityId=${facility._id}&action=UPDATE`))
      .data as AuditEvent[];
    expect(rename?.valueNames).toEqual({});
    expect((await call('GET', '/api/audit/verify')).data.intact).toBe(true);
  });

  it('names the ids inside a recorded object: a facility bound to a requirement with its assignee', async () => {
    const first = (
      await call('POST', '/api/facilities', { name: 'Dune Solar', code: 'DNS', type: 'SOLAR', timeZone: 'UTC' })
    ).data;
    const second = (
      await call('POST', '/api/facilities', { name: 'Ridge Wind', code: 'RGW', type: 'WIND', timeZone: 'UTC' })
    ).data;
    const created = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(suite.admin),
      payload: { email: 'lee.field@example.com', firstName: 'Lee', lastName: 'Field', role: 'FACILITY_USER' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const lee = created.json().data as { _id: string };
    await call('POST', '/api/user-facilities', { userId: lee._id, facilityId: second._id });
    const requirement = await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-06-30',
      facilities: [{ facilityId: first._id }],
    });
    await call('PATCH', `/api/requirements/${requirement.data._id}`, {
      facilities: [{ facilityId: first._id }, { facilityId: second._id, assigneeId: lee._id }],
    });
    const events = (
      await call('GET', `/api/audit?entityType=REQUIREMENT&entityId=${requirement.data._id}&facilityId=${second._id}`)
    ).data as AuditEvent[];
    const bound = events.find((event) => event.changes.facility);
    expect(bound?.changes.facility?.after).toMatchObject({ assigneeId: lee._id });
    expect(bound?.valueNames).toMatchObject({ [lee._id]: 'Lee Field' });
  });

  it('makes the names part of the hash: a changed name breaks the chain', async () => {
    const { db, dialect } = suite.t.database;
    const target = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('entityName', '=', 'Prairie Wind')
      .executeTakeFirstOrThrow();
    if (dialect === 'postgres') await sql`alter table audit_events disable trigger user`.execute(db);
    else await sql`drop trigger audit_events_no_update`.execute(db);
    await db.updateTable('audit_events').set({ entityName: 'Someone else' }).where('id', '=', target.id).execute();
    const result = (await call('GET', '/api/audit/verify')).data;
    expect(result).toMatchObject({ intact: false, firstBrokenId: target.id });
  });
});
