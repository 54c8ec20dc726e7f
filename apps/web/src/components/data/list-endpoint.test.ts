import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { listQuerySchema, pageOf, sortsOf } from '@rtms/shared/schemas/common';
import { listEndpoint, recordUpdate, type PageOf, type QueryOf } from './list-endpoint';

const thingPageSchema = pageOf(z.object({ _id: z.string(), name: z.string() }));
const thingListQuerySchema = listQuerySchema(sortsOf('name'), { active: z.enum(['true', 'false']).optional() });
const things = listEndpoint('/things', thingListQuerySchema, thingPageSchema);

describe('listEndpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is typed by its shared schemas: the query is their input, a parameter the server does not know does not compile', () => {
    const query: QueryOf<typeof things> = { active: 'true', sort: '-name', page: 2 };
    // @ts-expect-error -- `colour` is no parameter of the query schema
    const unknown: QueryOf<typeof things> = { colour: 'red' };
    // @ts-expect-error -- `sort` takes only the sorts of the schema
    const badSort: QueryOf<typeof things> = { sort: 'colour' };
    expect([query, unknown, badSort]).toHaveLength(3);
  });

  it('asks GET <path>?<query> and answers the page its page schema reads', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ data: [{ _id: 't1', name: 'One' }], meta: { total: 1, page: 1, pageSize: 20 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const page: PageOf<typeof things> = await things.list({ active: 'true' });
    expect(page.data[0]?.name).toBe('One');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/things?active=true');
  });

  it('recordUpdate: PATCH <path>/<id> with the body, answered as its schema says', async () => {
    const fetchMock = vi.fn(async () => Response.json({ data: { _id: 'a b', name: 'Two' } }));
    vi.stubGlobal('fetch', fetchMock);
    const update = recordUpdate<{ name: string }, { data: { _id: string; name: string } }>(
      '/things',
      z.object({ data: z.object({ _id: z.string(), name: z.string() }) }),
    );
    await expect(update({ id: 'a b', body: { name: 'Two' } })).resolves.toEqual({ data: { _id: 'a b', name: 'Two' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/things/a%20b');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe(JSON.stringify({ name: 'Two' }));
  });
});
