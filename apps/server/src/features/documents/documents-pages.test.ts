import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/test-app';
import { signedInSuite } from '../../test/signed-in-suite';
import { newId } from '../../platform/ids';
import { foldForSearch } from '../../platform/search-text';

/**
 * The document list finds a page's ids from the documents table alone and joins only those rows
 * (decision 027): paging through it must give every document once, in the order asked for.
 */
const suite = signedInSuite();

type Listed = { _id: string; title: string; createdAt: string };
const list = async (query: string) => {
  const response = await suite.t.app.inject({
    method: 'GET',
    url: `/api/documents?${query}`,
    headers: bearer(suite.admin),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: Listed[]; meta: { total: number } };
};
async function allPages(query: string, pageSize: number): Promise<Listed[]> {
  const rows: Listed[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = await list(`${query}&pageSize=${pageSize}&page=${page}`);
    rows.push(...data);
    if (data.length < pageSize) return rows;
  }
}

beforeAll(async () => {
  // 23 library documents; pairs share a creation instant (so the id decides), every fifth is archived.
  const rows = Array.from({ length: 23 }, (_, i) => {
    const at = new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2))).toISOString();
    const title = `Doc ${String.fromCharCode(97 + ((i * 7) % 23))}`;
    return {
      id: newId(),
      kind: 'LIBRARY' as const,
      title,
      version: 1,
      fileName: `f${i}.pdf`,
      mediaType: 'application/pdf',
      size: 1000 + i,
      sha256: '0'.repeat(64),
      storageKey: `test/${i}`,
      archivedAt: i % 5 === 4 ? at : null,
      legalHold: 0,
      searchText: foldForSearch(title),
      createdAt: at,
      updatedAt: at,
    };
  });
  await suite.t.database.db.insertInto('documents').values(rows).execute();
});

describe('document list pages', () => {
  it('pages newest first, oldest first and by title give every active document once, in order', async () => {
    const newest = await allPages('sort=-createdAt', 4);
    expect(newest).toHaveLength(19);
    expect((await list('sort=-createdAt')).meta.total).toBe(19);
    const key = (row: Listed) => `${row.createdAt} ${row._id}`;
    expect(newest.map(key)).toEqual(newest.map(key).sort().reverse());
    expect((await allPages('sort=createdAt', 5)).map(key)).toEqual(newest.map(key).reverse());
    const byTitle = await allPages('sort=title', 3);
    expect(byTitle.map((row) => row._id).sort()).toEqual(newest.map((row) => row._id).sort());
    const titles = byTitle.map((row) => row.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
  });

  it('counts and pages the archived ones apart', async () => {
    const archived = await allPages('archived=true', 2);
    expect(archived).toHaveLength(4);
    expect((await list('archived=true')).meta.total).toBe(4);
  });

  it('keeps the cached totals true after an archive and a restore', async () => {
    const before = (await list('sort=-createdAt')).meta.total;
    const id = (await list('sort=-createdAt')).data[0]!._id;
    const archive = await suite.t.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/archive`,
      headers: bearer(suite.admin),
      payload: { reason: 'Superseded' },
    });
    expect(archive.statusCode).toBe(200);
    expect((await list('sort=-createdAt')).meta.total).toBe(before - 1);
    expect((await list('archived=true')).meta.total).toBe(5);
    const restore = await suite.t.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/restore`,
      headers: bearer(suite.admin),
    });
    expect(restore.statusCode).toBe(200);
    expect((await list('sort=-createdAt')).meta.total).toBe(before);
  });
});
