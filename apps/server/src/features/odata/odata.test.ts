import { o } from 'odata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ok } from '../../test/api-calls';
import { createFacility, createRequirement } from '../../test/compliance-fixtures';
import { signedInSuiteAt } from '../../test/signed-in-suite';
import { bearer } from '../../test/test-app';

interface Collection {
  '@odata.context': string;
  '@odata.count'?: number;
  '@odata.nextLink'?: string;
  value: Record<string, unknown>[];
}

/** The OData feed: its documents, every option, its errors, and totals read by an independent client (o.js). */
/** Every entity set of the feed, in the service document's order. */
const ODATA_SETS = [
  'Tasks',
  'Requirements',
  'Facilities',
  'Regulations',
  'ProgramAreas',
  'Permits',
  'Findings',
  'CorrectiveActions',
];

describe('OData feed', () => {
  const suite = signedInSuiteAt('2026-06-10T12:00:00Z', { PUBLIC_URL: 'https://rtms.example.com' });
  const user = { id: '', email: '', token: '', pat: '' };
  let adminPat: string;
  let siteA: string;
  let siteB: string;
  let origin: string;

  beforeAll(async () => {
    siteA = await createFacility(suite.t, suite.admin, { name: 'Alpha Ridge', timeZone: 'UTC' });
    siteB = await createFacility(suite.t, suite.admin, { name: "O'Brien Flats", timeZone: 'UTC' });
    Object.assign(user, await suite.t.createUser('FACILITY_USER'));
    await ok(suite.t, suite.admin, 'POST', '/api/user-facilities', { userId: user.id, facilityId: siteA });
    user.token = await suite.t.signIn(user.email);
    await createRequirement(suite.t, suite.admin, {
      title: 'Monthly stormwater inspection',
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-20',
      backfillFrom: '2026-01-01',
      facilities: [{ facilityId: siteA }, { facilityId: siteB }],
    });
    await createRequirement(suite.t, suite.admin, {
      title: 'Weekly turbine walkdown',
      category: 'SAFETY',
      frequency: 'WEEKLY',
      firstDueDate: '2026-01-05',
      backfillFrom: '2026-01-01',
      facilities: [{ facilityId: siteB }],
    });
    // Enough tasks for more than one page of a thousand: weekly series at both facilities.
    for (const day of ['05', '06', '07', '08', '09', '10', '11']) {
      await createRequirement(suite.t, suite.admin, {
        title: `Weekly check ${day}`,
        frequency: 'WEEKLY',
        firstDueDate: `2026-01-${day}`,
        backfillFrom: '2026-01-01',
        facilities: [{ facilityId: siteA }, { facilityId: siteB }],
      });
    }
    // A finding at each site and a permit, so that those sets are counted on rows too.
    for (const facilityId of [siteA, siteB]) {
      await ok(suite.t, suite.admin, 'POST', '/api/findings', {
        facilityId,
        source: 'AUDIT',
        title: 'Outfall log incomplete',
        severity: 'MEDIUM',
        identifiedOn: '2026-01-15',
      });
    }
    await ok(suite.t, suite.admin, 'POST', '/api/permits', {
      facilityId: siteB,
      number: 'TX0001',
      title: 'Stormwater permit',
      agency: 'State water board',
      type: 'STORMWATER',
      issuedOn: '2026-01-01',
      effectiveOn: '2026-01-01',
      expiresOn: '2030-12-31',
    });
    const pat = async (token: string) =>
      (
        await ok<{ token: string }>(suite.t, token, 'POST', '/api/access-tokens', {
          name: 'BI',
          expiresOn: '2026-12-31',
        })
      ).token;
    adminPat = await pat(suite.admin);
    user.pat = await pat(user.token);
    // The independent client speaks HTTP: the app listens on a free local port.
    await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = suite.t.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    // The suite closes the app; nothing else listens.
  });

  const get = (url: string, pat = adminPat) => suite.t.app.inject({ method: 'GET', url, headers: bearer(pat) });
  const collection = async (url: string, pat = adminPat): Promise<Collection> => {
    const response = await get(url, pat);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as Collection;
  };
  const apiTotal = async (path: string, token = suite.admin) => {
    const response = await call<{ meta: { total: number } }>(suite.t, token, 'GET', path);
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.meta.total;
  };

  it('answers $metadata as CSDL XML naming every entity set and property', async () => {
    const response = await get('/odata/$metadata');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['odata-version']).toBe('4.0');
    expect(response.body).toContain('<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">');
    for (const set of ODATA_SETS) {
      expect(response.body).toContain(`<EntitySet Name="${set}"`);
    }
    expect(response.body).toContain('<Property Name="dueDate" Type="Edm.Date" Nullable="false"/>');
  });

  it('answers the service document with the context and the sets', async () => {
    const body = (await get('/odata')).json() as { '@odata.context': string; value: { name: string; url: string }[] };
    expect(body['@odata.context']).toBe('https://rtms.example.com/odata/$metadata');
    expect(body.value.map((set) => set.name)).toEqual(ODATA_SETS);
  });

  it('counts as the API does, read with an independent OData client (o.js) following every nextLink', async () => {
    const client = (pat: string) =>
      o(`${origin}/odata/`, {
        headers: { authorization: `Basic ${Buffer.from(`excel:${pat}`).toString('base64')}` },
        fragment: '',
      });
    const cases: [string, string, string, string][] = [
      ['Tasks', '', '/api/tasks?pageSize=1', suite.admin],
      [
        'Tasks',
        `facilityId eq '${siteB}' and category eq 'SAFETY'`,
        `/api/tasks?pageSize=1&facilityId=${siteB}&category=SAFETY`,
        suite.admin,
      ],
      ['Tasks', "frequency eq 'WEEKLY'", '/api/tasks?pageSize=1&frequency=WEEKLY', suite.admin],
      ['Tasks', `facilityId eq '${siteB}'`, `/api/tasks?pageSize=1&facilityId=${siteB}`, user.token],
      ['Facilities', '', '/api/facilities?pageSize=1', suite.admin],
      ['Requirements', '', '/api/requirements?pageSize=1', suite.admin],
      ['Tasks', '', '/api/tasks?pageSize=1', user.token],
      ['Facilities', '', '/api/facilities?pageSize=1', user.token],
      ['Requirements', '', '/api/requirements?pageSize=1', user.token],
      ['Findings', '', '/api/findings?pageSize=1', suite.admin],
      ['Findings', '', '/api/findings?pageSize=1', user.token],
      ['Permits', '', '/api/permits?pageSize=1', suite.admin],
      ['Permits', '', '/api/permits?pageSize=1', user.token],
    ];
    for (const [set, filter, apiPath, token] of cases) {
      const pat = token === suite.admin ? adminPat : user.pat;
      const query: { $count: boolean; $top: number; $filter?: string } = { $count: true, $top: 100_000 };
      if (filter) query.$filter = filter;
      const first = (await client(pat).get(set).query(query)) as Collection;
      const expected = await apiTotal(apiPath, token);
      expect(first['@odata.count'], `${set} ${filter} ${token === suite.admin ? 'admin' : 'user'}`).toBe(expected);
      // Walk the pages (smaller than the set) with the client and count the rows.
      let rows = 0;
      let page = (await client(pat)
        .get(set)
        .query({ ...query, $top: expected })) as Collection;
      for (;;) {
        rows += page.value.length;
        if (!page['@odata.nextLink']) break;
        const next = new URL(page['@odata.nextLink']);
        page = (await o(`${origin}${next.pathname}${next.search}`, {
          headers: { authorization: `Bearer ${pat}` },
          fragment: '',
        })
          .get()
          .query()) as Collection;
      }
      expect(rows).toBe(expected);
    }
    // The facility user sees only Alpha Ridge's tasks.
    expect(await apiTotal('/api/tasks?pageSize=1', user.token)).toBeLessThan(await apiTotal('/api/tasks?pageSize=1'));
  });

  it('pages with @odata.nextLink (keyset without $orderby, skip with it), never repeating a row', async () => {
    const total = (await collection('/odata/Tasks?$count=true&$top=0'))['@odata.count']!;
    expect(total).toBeGreaterThan(1000);
    for (const start of ['/odata/Tasks?$select=id', '/odata/Tasks?$select=id,dueDate&$orderby=dueDate desc']) {
      const seen = new Set<string>();
      let url: string | undefined = start;
      let pages = 0;
      while (url) {
        const page: Collection = await collection(url.replace('https://rtms.example.com', ''));
        for (const row of page.value) seen.add(row['id'] as string);
        url = page['@odata.nextLink'];
        if (url) expect(url).toMatch(/^https:\/\/rtms\.example\.com\/odata\/Tasks\?/);
        pages += 1;
      }
      expect(pages).toBe(Math.ceil(total / 1000));
      expect(seen.size).toBe(total);
    }
    const limited = await collection('/odata/Tasks?$top=1100&$select=id');
    expect(limited.value).toHaveLength(1000);
    const rest = await collection(limited['@odata.nextLink']!.replace('https://rtms.example.com', ''));
    expect(rest.value).toHaveLength(100);
    expect(rest['@odata.nextLink']).toBeUndefined();
  });

  it('applies $select, $filter, $orderby, $top, $skip and $count', async () => {
    const page = await collection(
      "/odata/Tasks?$select=title,dueDate&$filter=contains(title,'storm') and dueDate ge 2026-03-01 and not (dueDate gt 2026-05-31)&$orderby=dueDate desc&$top=2&$skip=1&$count=true",
    );
    expect(page['@odata.context']).toBe('https://rtms.example.com/odata/$metadata#Tasks(title,dueDate)');
    expect(page['@odata.count']).toBe(6);
    expect(page.value).toEqual([
      { title: 'Monthly stormwater inspection', dueDate: '2026-05-20' },
      { title: 'Monthly stormwater inspection', dueDate: '2026-04-20' },
    ]);
    // contains is case-sensitive on both databases; or, ne null, numbers and booleans.
    expect((await collection("/odata/Tasks?$filter=contains(title,'STORM')&$count=true"))['@odata.count']).toBe(0);
    const either = await collection(
      `/odata/Facilities?$filter=id eq '${siteA}' or name eq 'O''Brien Flats'&$orderby=name`,
    );
    expect(either.value.map((row) => row['name'])).toEqual(['Alpha Ridge', "O'Brien Flats"]);
    const counted = async (filter: string) =>
      (await collection(`/odata/Tasks?$filter=${encodeURIComponent(filter)}&$count=true&$top=0`))['@odata.count']!;
    const early = await counted('sequence le 2');
    expect(early).toBeGreaterThan(0);
    expect(
      (await counted('sequence le 2 and timeliness eq null')) + (await counted('sequence le 2 and timeliness ne null')),
    ).toBe(early);
    expect(
      (await counted("sequence le 2 and timeliness ne 'LATE'")) +
        (await counted("sequence le 2 and timeliness eq 'LATE'")),
    ).toBe(early);
    expect(await counted('not (sequence le 2)')).toBe(await counted('sequence gt 2'));
    const requirements = await collection(
      '/odata/Requirements?$filter=evidenceRequired eq false&$select=title,evidenceRequired',
    );
    expect(requirements.value.every((row) => row['evidenceRequired'] === false)).toBe(true);
    expect((await collection('/odata/Tasks?$top=0&$count=true')).value).toEqual([]);
  });

  it('answers bad options with an OData error body and 400', async () => {
    const bad = [
      '$filter=nope eq 1',
      '$filter=title eq 5',
      '$filter=sequence eq 99999999999999999999',
      "$filter=startswith(title,'M')",
      '$filter=title eq',
      '$filter=sequence add 1 eq 2',
      '$filter=dueDate lt null',
      '$select=title,secretHash',
      '$orderby=dueDate sideways',
      '$orderby=searchText',
      '$top=-1',
      '$top=abc',
      '$skip=1.5',
      '$count=yes',
      '$expand=requirement',
      '$search=storm',
      '$format=xml',
      '$skiptoken=%27%3B',
      '$orderby=dueDate&$skiptoken=abc',
      '$top=1&$top=2',
    ];
    for (const query of bad) {
      const response = await get(`/odata/Tasks?${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json() as { error: { code: string; message: string } };
      expect(body.error.code, query).toBe('BAD_REQUEST');
      expect(body.error.message.length, query).toBeGreaterThan(0);
    }
    const unknown = await get('/odata/Secrets');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await get("/odata/Tasks('x')/requirement")).statusCode).toBe(404);
  });

  it('refuses hostile $filter text without a 5xx and without running any of it as SQL', async () => {
    const before = await collection('/odata/Facilities?$count=true');
    const hostile = [
      "name eq 'x'; drop table facilities; --'",
      "name eq 'x'' or 1=1 --'",
      "name eq 'x' or 1 eq 1",
      "contains(name,'%') or contains(name,'_')",
      "name eq '\\'",
      'name eq "x"',
      `${'('.repeat(200)}name eq 'x'${')'.repeat(200)}`,
      `${'not '.repeat(500)}name eq 'x'`,
      Array.from({ length: 300 }, () => "name eq 'x'").join(' or '),
      `name eq '${'a'.repeat(100_000)}'`,
      `sequence eq ${'9'.repeat(5000)}`,
      'name eq \u0000',
      "name eq 'Alpha Ridge') union select * from users --",
      'id eq id',
      'length(name) gt 1',
      '',
      '    ',
    ];
    for (const filter of hostile) {
      const response = await suite.t.app.inject({
        method: 'GET',
        url: `/odata/Facilities?$filter=${encodeURIComponent(filter)}&$count=true`,
        headers: bearer(adminPat),
      });
      expect(response.statusCode, filter.slice(0, 80)).toBeLessThan(500);
      if (response.statusCode === 200) {
        // What parses is a harmless comparison: no row matches more than it says.
        expect((response.json() as Collection)['@odata.count'], filter.slice(0, 80)).toBeLessThanOrEqual(
          before['@odata.count']!,
        );
      } else {
        expect(response.statusCode, filter.slice(0, 80)).toBe(400);
      }
    }
    const after = await collection('/odata/Facilities?$count=true');
    expect(after['@odata.count']).toBe(before['@odata.count']);
    const withQuote = await collection(`/odata/Facilities?$filter=${encodeURIComponent("name eq 'O''Brien Flats'")}`);
    expect(withQuote.value.map((row) => row['name'])).toEqual(["O'Brien Flats"]);
  });
});
