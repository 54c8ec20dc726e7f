import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { callerOf } from '../../test/api-calls';
import { ADMIN_EMAIL, bearer } from '../../test/test-app';
import { signedInSuite } from '../../test/signed-in-suite';
import { GENESIS_HASH, canonicalJson, changesBetween, createAuditService, hashOf } from './audit.service';

const suite = signedInSuite();

const call = callerOf(() => suite.t);

const verify = async () => (await call(suite.admin, 'GET', '/api/audit/verify')).body.data;

/** What someone with write access to the database would do: switch off the append-only triggers. */
async function disableAppendOnlyTriggers() {
  const { db, dialect } = suite.t.database;
  if (dialect === 'postgres') {
    await sql`alter table audit_events disable trigger user`.execute(db);
  } else {
    await sql`drop trigger audit_events_no_update`.execute(db);
    await sql`drop trigger audit_events_no_delete`.execute(db);
  }
}

describe('the audit chain', () => {
  it('links every event to the previous one by SHA-256, from the first administrator on', async () => {
    await call(suite.admin, 'POST', '/api/program-areas', { name: 'Air Quality' });
    await call(suite.admin, 'POST', '/api/regulations', { title: 'Clean Air Act Title V', jurisdiction: 'FEDERAL' });
    const events = (await call(suite.admin, 'GET', '/api/audit?sort=at')).body.data;
    expect(events.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3]);
    expect(events[0]).toMatchObject({ action: 'CREATE', entityType: 'USER', actorId: null, prevHash: GENESIS_HASH });
    expect(events[1].prevHash).toBe(events[0].hash);
    expect(events[2].prevHash).toBe(events[1].hash);
    expect(events[1]).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      entityType: 'PROGRAM_AREA',
      changes: { name: { before: null, after: 'Air Quality' } },
    });
    expect(await verify()).toEqual({ intact: true, checked: 3 });
  });

  it('stays one chain under concurrent writers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(suite.admin, 'POST', '/api/program-areas', { name: `Concurrent ${i}` }),
      ),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const seqs = (await call(suite.admin, 'GET', '/api/audit?sort=at&pageSize=200')).body.data.map(
      (e: { seq: number }) => e.seq,
    );
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(await verify()).toEqual({ intact: true, checked: 28 });
  });

  it('records an event only when its transaction commits, and never a secret', async () => {
    const audit = createAuditService(suite.t.database.db);
    const before = await verify();
    await expect(
      suite.t.database.db.transaction().execute(async (trx) => {
        await audit.record(trx, { actor: null, action: 'UPDATE', entityType: 'USER', entityId: 'x' });
        throw new Error('the mutation failed');
      }),
    ).rejects.toThrow('the mutation failed');
    expect(await verify()).toEqual(before);

    await suite.t.database.db.transaction().execute((trx) =>
      audit.record(trx, {
        actor: { id: 'u1', email: 'u1@example.com' },
        action: 'UPDATE',
        entityType: 'USER',
        entityId: 'secret-test',
        changes: {
          passwordHash: { before: 'old-hash', after: 'new-hash' },
          token: { before: null, after: 'abc' },
          totpSecret: { before: null, after: 'JBSW' },
          lastName: { before: 'A', after: 'B' },
        },
      }),
    );
    const [event] = (await call(suite.admin, 'GET', '/api/audit?entityId=secret-test')).body.data;
    expect(event.changes).toEqual({ lastName: { before: 'A', after: 'B' } });
  });

  it('refuses updates and deletes of events in the database itself', async () => {
    const { db } = suite.t.database;
    await expect(db.updateTable('audit_events').set({ action: 'X' }).where('seq', '=', 1).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('audit_events').where('seq', '=', 1).execute()).rejects.toThrow(/append-only/);
  });

  it('detects a changed, a re-hashed or a deleted past event', async () => {
    const { db } = suite.t.database;
    await disableAppendOnlyTriggers();
    const target = await db.selectFrom('audit_events').selectAll().where('seq', '=', 2).executeTakeFirstOrThrow();
    const total = (await verify()).checked as number;

    // 1. Someone edits what a past event says.
    await db
      .updateTable('audit_events')
      .set({ changes: '{"name":{"after":"Water Quality","before":null}}' })
      .where('id', '=', target.id)
      .execute();
    expect(await verify()).toEqual({ intact: false, checked: 2, firstBrokenId: target.id });
    await db.updateTable('audit_events').set({ changes: target.changes }).where('id', '=', target.id).execute();
    expect(await verify()).toEqual({ intact: true, checked: total });

    // 2. … and recomputes that event's hash: the next event's link breaks.
    await db
      .updateTable('audit_events')
      .set({ actorEmail: 'someone-else@example.com' })
      .where('id', '=', target.id)
      .execute();
    const forged = hashOf(target.prevHash, { ...target, actorEmail: 'someone-else@example.com' });
    await db.updateTable('audit_events').set({ hash: forged }).where('id', '=', target.id).execute();
    const next = await db.selectFrom('audit_events').select('id').where('seq', '=', 3).executeTakeFirstOrThrow();
    expect(await verify()).toEqual({ intact: false, checked: 3, firstBrokenId: next.id });
    await db
      .updateTable('audit_events')
      .set({ actorEmail: target.actorEmail, hash: target.hash })
      .where('id', '=', target.id)
      .execute();

    // 3. Someone deletes a past event.
    await db.deleteFrom('audit_events').where('id', '=', target.id).execute();
    expect(await verify()).toEqual({ intact: false, checked: 2, firstBrokenId: next.id });
    expect((await call(suite.admin, 'GET', '/api/audit/verify')).status).toBe(200);
  });
});

describe('listing the audit trail', () => {
  // An app of its own, so that the trail holds only what this block writes.
  const fresh = signedInSuite();

  const get = async (token: string, url: string) => {
    const response = await fresh.t.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { status: response.statusCode, body: response.json() };
  };

  it('filters by entity, actor, action and time, and scopes facility roles to their facilities', async () => {
    const post = (url: string, payload: object) =>
      fresh.t.app.inject({ method: 'POST', url, headers: bearer(fresh.admin), payload });
    const own = (
      await post('/api/facilities', { name: 'Own', code: 'OWN', type: 'HYDRO', timeZone: 'America/Los_Angeles' })
    ).json().data._id;
    const other = (
      await post('/api/facilities', { name: 'Other', code: 'OTHER', type: 'HYDRO', timeZone: 'America/Los_Angeles' })
    ).json().data._id;
    const fa = await fresh.t.createUser('FACILITY_ADMIN');
    const fu = await fresh.t.createUser('FACILITY_USER');
    await post('/api/user-facilities/bulk', { action: 'assign', userIds: [fa.id, fu.id], facilityIds: [own] });
    const faToken = await fresh.t.signIn(fa.email);
    const fuToken = await fresh.t.signIn(fu.email);

    const adminId = (await get(fresh.admin, '/api/users?search=admin@example.com')).body.data[0]._id;
    const byActor = await get(fresh.admin, `/api/audit?actorId=${adminId}&entityType=FACILITY`);
    expect(byActor.body.data.map((e: { entityId: string }) => e.entityId).sort()).toEqual([own, other].sort());
    expect((await get(fresh.admin, `/api/audit?entityType=FACILITY&entityId=${own}`)).body.meta.total).toBe(1);
    expect((await get(fresh.admin, '/api/audit?action=ASSIGN')).body.meta.total).toBe(2);
    expect((await get(fresh.admin, '/api/audit?from=2000-01-01&to=2000-12-31')).body.meta.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const all = (await get(fresh.admin, '/api/audit')).body.meta.total;
    expect((await get(fresh.admin, `/api/audit?from=${today}&to=${today}`)).body.meta.total).toBe(all);
    expect(
      (await get(fresh.admin, `/api/audit?to=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).body.meta.total,
    ).toBe(0);
    expect((await get(fresh.admin, '/api/audit?from=yesterday')).status).toBe(400);
    expect((await get(fresh.admin, '/api/audit?search=OWN')).status).toBe(200);

    // FACILITY_ADMIN: only events of their facility (its creation and the two assignments).
    const faEvents = await get(faToken, '/api/audit?pageSize=200');
    expect(faEvents.body.meta.total).toBe(3);
    expect(faEvents.body.data.every((e: { facilityId: string }) => e.facilityId === own)).toBe(true);
    expect((await get(faToken, `/api/audit?facilityId=${other}`)).body.meta.total).toBe(0);
    const otherEvent = byActor.body.data.find((e: { entityId: string }) => e.entityId === other)._id;
    expect((await get(faToken, `/api/audit/${otherEvent}`)).status).toBe(404);
    expect((await get(faToken, '/api/audit/verify')).status).toBe(403);
    expect((await get(fuToken, '/api/audit')).status).toBe(403);
  });
});

describe('audit helpers', () => {
  it('serialises canonically and diffs by value', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: true, u: undefined })).toBe(
      '{"a":true,"b":[1,{"c":"x","d":null}]}',
    );
    expect(changesBetween({ a: 1, b: [1, 2], c: null }, { a: 1, b: [1, 3], c: undefined })).toEqual({
      b: { before: [1, 2], after: [1, 3] },
    });
    expect(changesBetween(null, { a: 'x' })).toEqual({ a: { before: null, after: 'x' } });
  });
});
