import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AuditEvent, AuditListQuery } from '@rtms/shared/schemas/audit';
import type { Page } from '../../platform/list-query';
import { bearer } from '../../test/test-app';
import { signedInSuite } from '../../test/signed-in-suite';
import { createAuditService } from './audit.service';

/**
 * The audit list's totals are counted once and then only for new events, and unfiltered pages are read
 * as ranges of seq (decision 027): both must give what counting and OFFSET would.
 */
const suite = signedInSuite();

const get = async (url: string) => {
  const response = await suite.t.app.inject({ method: 'GET', url, headers: bearer(suite.admin) });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: { seq: number; entityType: string }[]; meta: { total: number } };
};
const createAreas = (from: number, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      suite.t.app.inject({
        method: 'POST',
        url: '/api/program-areas',
        headers: bearer(suite.admin),
        payload: { name: `Area ${from + i}` },
      }),
    ),
  );
/** Every event's seq in the list's order, read page by page. */
async function allPages(query: string, pageSize: number): Promise<number[]> {
  const seqs: number[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = await get(`/api/audit?${query}&pageSize=${pageSize}&page=${page}`);
    seqs.push(...data.map((event) => event.seq));
    if (data.length < pageSize) return seqs;
  }
}

describe('audit list totals and pages', () => {
  it('keeps totals exact as events are appended, with and without filters', async () => {
    await createAreas(0, 12);
    const first = await get('/api/audit');
    const areas = await get('/api/audit?entityType=PROGRAM_AREA');
    expect(areas.meta.total).toBe(12);
    await createAreas(12, 5);
    expect((await get('/api/audit')).meta.total).toBe(first.meta.total + 5);
    expect((await get('/api/audit?entityType=PROGRAM_AREA')).meta.total).toBe(17);
    expect((await get('/api/audit?entityType=USER')).meta.total).toBe(first.meta.total - 12);
  });

  it('pages in both directions give every event once, in order', async () => {
    const { meta } = await get('/api/audit');
    const descending = await allPages('sort=-at', 4);
    expect(descending).toEqual(Array.from({ length: meta.total }, (_, i) => meta.total - i));
    expect(await allPages('sort=at', 5)).toEqual([...descending].reverse());
    const areas = await allPages('entityType=PROGRAM_AREA', 3);
    expect(areas).toHaveLength(17);
    expect(areas).toEqual([...areas].sort((a, b) => b - a));
  });

  it('counts and pages by OFFSET when the chain has a gap (a deleted event)', async () => {
    const { db, dialect } = suite.t.database;
    if (dialect === 'postgres') await sql`alter table audit_events disable trigger user`.execute(db);
    else await sql`drop trigger audit_events_no_delete`.execute(db);
    const before = (await get('/api/audit')).meta.total;
    await db.deleteFrom('audit_events').where('seq', '=', 3).execute();
    // Totals already counted are kept (events are never deleted but by tampering, which verification
    // reports); a process started after the deletion counts the trail as it is.
    const fresh = createAuditService(db);
    const principal = { id: 'auditor', role: 'ALL_FACILITY_ADMIN' as const };
    const list = async (page: number) =>
      JSON.parse(
        (await fresh.listAnswer(principal, { page, pageSize: 4, sort: '-at' } as AuditListQuery)).toString(),
      ) as Page<AuditEvent>;
    const second = await list(2);
    expect(second.meta.total).toBe(before - 1);
    const seqs: number[] = [];
    for (let page = 1; page <= Math.ceil(second.meta.total / 4); page += 1) {
      seqs.push(...(await list(page)).data.map((event) => event.seq));
    }
    const expected = Array.from({ length: before }, (_, i) => before - i).filter((seq) => seq !== 3);
    expect(seqs).toEqual(expected);
    expect(second.data.map((event) => event.seq)).toEqual(expected.slice(4, 8));
  });
});
