import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../../test/test-app';
import { newId } from '../../platform/ids';
import { foldForSearch } from '../../platform/search-text';

/**
 * A deep page sorted by creation date seeks from a cached boundary (every 500th row) instead of skipping
 * every row before it (decision 029): its rows must be the ones OFFSET gives, in both directions, and a
 * write must move the boundaries with it.
 */
let t: TestApp;
let admin: string;

type Listed = { _id: string; createdAt: string };
const COUNT = 1_260;
let active: Listed[] = [];

const page = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/documents?${query}`, headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: Listed[]; meta: { total: number } };
};
const key = (row: Listed) => `${row.createdAt} ${row._id}`;
const newestFirst = () => [...active].sort((a, b) => (key(a) < key(b) ? 1 : -1));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN_EMAIL);
  // Pairs share a creation instant (so the id decides the order); every 25th document is archived.
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const at = new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 2) * 60_000).toISOString();
    return {
      id: newId(),
      kind: 'LIBRARY' as const,
      title: `Deep ${i}`,
      version: 1,
      fileName: `deep-${i}.pdf`,
      mediaType: 'application/pdf',
      size: 1000,
      sha256: '0'.repeat(64),
      storageKey: `test/deep-${i}`,
      archivedAt: i % 25 === 24 ? at : null,
      legalHold: 0,
      searchText: foldForSearch(`Deep ${i}`),
      createdAt: at,
      updatedAt: at,
    };
  });
  for (let start = 0; start < rows.length; start += 200) {
    await t.database.db
      .insertInto('documents')
      .values(rows.slice(start, start + 200))
      .execute();
  }
  active = rows.filter((row) => row.archivedAt === null).map((row) => ({ _id: row.id, createdAt: row.createdAt }));
});
afterAll(() => t.close());

describe('deep document pages', () => {
  it('give the rows OFFSET gives, newest and oldest first, at every distance from a boundary', async () => {
    const expected = newestFirst();
    expect((await page('sort=-createdAt')).meta.total).toBe(expected.length);
    for (const [number, size] of [
      [50, 20],
      [51, 20],
      [55, 20],
      [60, 20],
      [11, 100],
      [12, 100],
      [25, 50],
      [500, 2],
    ] as const) {
      const offset = (number - 1) * size;
      const newest = await page(`sort=-createdAt&page=${number}&pageSize=${size}`);
      expect(newest.data.map(key)).toEqual(expected.slice(offset, offset + size).map(key));
      const oldest = await page(`sort=createdAt&page=${number}&pageSize=${size}`);
      expect(oldest.data.map(key)).toEqual(
        [...expected]
          .reverse()
          .slice(offset, offset + size)
          .map(key),
      );
    }
  });

  it('follow an archive and a restore (the boundaries move with the documents revision)', async () => {
    const deep = 'sort=-createdAt&page=60&pageSize=20';
    await page(deep);
    const first = newestFirst()[0]!;
    const archive = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${first._id}/archive`,
      headers: bearer(admin),
      payload: { reason: 'Superseded' },
    });
    expect(archive.statusCode).toBe(200);
    const remaining = newestFirst().slice(1);
    expect((await page(deep)).data.map(key)).toEqual(remaining.slice(1180, 1200).map(key));
    const restore = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${first._id}/restore`,
      headers: bearer(admin),
    });
    expect(restore.statusCode).toBe(200);
    expect((await page(deep)).data.map(key)).toEqual(newestFirst().slice(1180, 1200).map(key));
  });
});
