import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@rtms/shared/schemas/preferences';
import { ADMIN_EMAIL, TEST_PASSWORD, bearer } from '../test/test-app';
import { signedInSuite } from '../test/signed-in-suite';
import { handleFrameworkError } from './errors';

/** Nothing of the server's insides may show in an answer: no stack frame, SQL, driver or dependency path. */
const LEAKS = [
  /\bat .*\.(?:[cm]?[jt]s)\b/,
  /\bat (?:async )?\S+ \(/,
  /\bselect\b/i,
  /sqlite/i,
  /node_modules/i,
  /postgres/i,
];

function expectCleanClientError(response: LightMyRequestResponse, status?: number | number[]): Record<string, unknown> {
  const statuses = status === undefined ? undefined : Array.isArray(status) ? status : [status];
  if (statuses) expect(statuses, response.body).toContain(response.statusCode);
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as Record<string, unknown>;
  expect(typeof body.message, response.body).toBe('string');
  expect(typeof body.code, response.body).toBe('string');
  expect(body.message).not.toBe('');
  expect(Object.keys(body).every((key) => ['message', 'code', 'details'].includes(key))).toBe(true);
  for (const leak of LEAKS) expect(response.body).not.toMatch(leak);
  return body;
}

describe('bad input never makes a 500', () => {
  const suite = signedInSuite();
  /** The raw answer to a request of the first administrator. */
  const asAdmin = (method: InjectOptions['method'], url: string, payload?: object) =>
    suite.t.app.inject({ method, url, headers: bearer(suite.admin), ...(payload ? { payload } : {}) });

  const login = (options: Omit<InjectOptions, 'method' | 'url'>) =>
    suite.t.app.inject({ method: 'POST', url: '/api/users/login', ...options });
  const json = { 'content-type': 'application/json' };

  it('answers malformed JSON with 400', async () => {
    for (const payload of ['{"email":', '{email: "a@b.c"}', "{'a':1}", '{"a":1}}', 'nul', '\u00ff\u00fe', '{"a":1,}']) {
      const body = expectCleanClientError(await login({ headers: json, payload }), 400);
      expect(body.code).toBe('BAD_REQUEST');
    }
  });

  it('answers invalid UTF-8 bytes with 400', async () => {
    const payload = Buffer.from([0x7b, 0x22, 0x65, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
    expectCleanClientError(await login({ headers: json, payload }), 400);
  });

  it('answers an empty JSON body with 400 where a body is needed, naming the missing fields', async () => {
    for (const response of [
      await login({ headers: json, payload: '' }),
      await login({ headers: json, payload: '  ' }),
      await login({ headers: json }),
      await suite.t.app.inject({ method: 'POST', url: '/api/users/login' }),
    ]) {
      expectCleanClientError(response, 400);
    }
    const missing = expectCleanClientError(await login({ payload: {} }), 400);
    expect(missing.details).toEqual([
      { path: 'email', message: 'This field is required' },
      // The seed's message where the schema has its own.
      { path: 'password', message: 'Please enter your Password!' },
    ]);
  });

  it('takes an empty body labelled JSON as no body where none is needed (auth/me, logout)', async () => {
    const own = await suite.t.signIn(ADMIN_EMAIL);
    const headers = { ...bearer(own), ...json };
    const me = await suite.t.app.inject({ method: 'POST', url: '/api/users/auth/me', headers, payload: '' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.email).toBe(ADMIN_EMAIL);
    const out = await suite.t.app.inject({ method: 'POST', url: '/api/users/logout', headers });
    expect(out.statusCode, out.body).toBe(200);
    const after = await suite.t.app.inject({ method: 'POST', url: '/api/users/auth/me', headers: bearer(own) });
    expect(after.statusCode).toBe(401);
  });

  it('answers wrong types with 400 and per-field details', async () => {
    const body = expectCleanClientError(await login({ payload: { email: 5, password: [] } }), 400);
    expect(body.code).toBe('VALIDATION_FAILED');
    const paths = (body.details as { path: string }[]).map((detail) => detail.path).sort();
    expect(paths).toEqual(['email', 'password']);
    for (const payload of [
      { email: null, password: null },
      { email: {}, password: {} },
      { email: true, password: 1.5 },
      { email: ['a@b.c'], password: TEST_PASSWORD },
    ]) {
      expect(expectCleanClientError(await login({ payload }), 400).code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers a bad report period, grouping or filter with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['from=2026-01-01', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-03-01&to=2026-02-01', 'to'],
      ['from=2023-01-01&to=2026-01-31', 'to'],
      ['from=2026-01-01&to=2026-01-31&groupBy=colour', 'groupBy'],
      ['from=2026-01-01&to=2026-01-31&category=FIRE', 'category'],
      ['from=2026-01-01&to=2026-01-31&colour=red', 'colour'],
      [`from=2026-01-01&to=2026-01-31&facilityId=${'x'.repeat(100)}`, 'facilityId'],
      ['from=%00&to=2026-01-31', 'from'],
    ];
    for (const path of ['scorecard', 'trend']) {
      for (const [query, field] of cases) {
        const body = expectCleanClientError(await asAdmin('GET', `/api/reports/${path}?${query}`), 400);
        expect(body.code, query).toBe('VALIDATION_FAILED');
        expect(
          (body.details as { path: string }[]).map((detail) => detail.path),
          query,
        ).toContain(field);
      }
      // A whole 36 months is allowed; a wrong but known filter value is an empty report, not an error.
      const longest = await asAdmin('GET', `/api/reports/${path}?from=2023-02-01&to=2026-01-31&facilityId=nope`);
      expect(longest.statusCode, longest.body).toBe(200);
      expect(longest.json().data).toEqual([]);
    }
  });

  it('refuses unknown fields', async () => {
    const body = expectCleanClientError(
      await login({ payload: { email: ADMIN_EMAIL, password: TEST_PASSWORD, role: 'ALL_FACILITY_ADMIN' } }),
      400,
    );
    expect(body.code).toBe('VALIDATION_FAILED');
  });

  it('answers arrays, strings, numbers and null instead of an object with 400', async () => {
    for (const payload of [
      '[]',
      `[{"email":"${ADMIN_EMAIL}","password":"${TEST_PASSWORD}"}]`,
      '"text"',
      '42',
      'null',
      'true',
    ]) {
      expectCleanClientError(await login({ headers: json, payload }), 400);
    }
  });

  it('answers a body over the limit with 413', async () => {
    const payload = JSON.stringify({ email: ADMIN_EMAIL, password: 'x'.repeat(2 * 1024 * 1024) });
    const body = expectCleanClientError(await login({ headers: json, payload }), 413);
    expect(body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses overlong strings without hashing them', async () => {
    const started = Date.now();
    expectCleanClientError(await login({ payload: { email: ADMIN_EMAIL, password: 'x'.repeat(100_000) } }), 400);
    expectCleanClientError(
      await login({ payload: { email: `${'a'.repeat(100_000)}@example.com`, password: 'x' } }),
      400,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers other content types on JSON routes with 415', async () => {
    const cases: [string, string][] = [
      [
        'multipart/form-data; boundary=xyz',
        `--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--xyz--\r\n`,
      ],
      ['application/x-www-form-urlencoded', `email=${encodeURIComponent(ADMIN_EMAIL)}&password=x`],
      ['application/xml', '<login/>'],
      ['text/html', '<script>alert(1)</script>'],
    ];
    for (const [contentType, payload] of cases) {
      const body = expectCleanClientError(await login({ headers: { 'content-type': contentType }, payload }), 415);
      expect(body.code, contentType).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    // Fastify parses text/plain as a string, which the JSON schema then refuses: never a sign-in.
    const plain = await login({
      headers: { 'content-type': 'text/plain' },
      payload: `{"email":"${ADMIN_EMAIL}","password":"${TEST_PASSWORD}"}`,
    });
    expect(['VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE']).toContain(expectCleanClientError(plain, [400, 415]).code);
  });

  it('answers a huge or odd authorization header with 401', async () => {
    for (const authorization of [
      `Bearer ${'x'.repeat(64 * 1024)}`,
      'Bearer',
      'Bearer \u0000',
      'Bearer a b c',
      `Bearer ${'é'.repeat(100)}`,
      'Basic YWRtaW46YWRtaW4=',
    ]) {
      const response = await suite.t.app.inject({
        method: 'POST',
        url: '/api/users/auth/me',
        headers: { authorization },
      });
      expect(expectCleanClientError(response, 401).code).toBe('UNAUTHENTICATED');
    }
  });

  it('handles unicode and NUL characters in strings', async () => {
    for (const payload of [
      { email: 'a\u0000@example.com', password: TEST_PASSWORD },
      { email: 'ünïcödé@exämple.com', password: TEST_PASSWORD },
      { email: '\u202e@example.com', password: '\ud800' },
    ]) {
      expectCleanClientError(await login({ payload }), [400, 401]);
    }
    // A password with emoji and right-to-left text is just a wrong password.
    const wrong = await login({ payload: { email: 'nobody@example.com', password: 'pass 🔥 \u202e עברית' } });
    expect(expectCleanClientError(wrong, 401).code).toBe('UNAUTHENTICATED');

    // A NUL character is refused wherever it is, with the field named, on both databases (PostgreSQL cannot
    // store it; SQLite could).
    const withNul = await login({ payload: { email: 'nobody@example.com', password: 'pa\u0000ss' } });
    expect(expectCleanClientError(withNul, 400).details).toEqual([
      { path: 'password', message: 'Must not contain a NUL character' },
    ]);
    const put = await asAdmin('PUT', '/api/users/me/preferences', {
      ...DEFAULT_PREFERENCES,
      locale: { ...DEFAULT_PREFERENCES.locale, name: 'Eng\u0000lish 🔥' },
    });
    expect(expectCleanClientError(put, 400).details).toEqual([
      { path: 'locale.name', message: 'Must not contain a NUL character' },
    ]);
    const read = await asAdmin('GET', '/api/users/me/preferences');
    expect(read.json().data.locale.name).toBe(DEFAULT_PREFERENCES.locale.name);
  });

  it('answers a NUL character in a path parameter or a search term without a 500 (PostgreSQL refuses it in text)', async () => {
    for (const url of ['/api/users/%00', '/api/users/x%00y', '/api/users?search=%00', '/api/users?search=a%00b']) {
      const response = await suite.t.app.inject({ method: 'GET', url, headers: bearer(suite.admin) });
      expect(expectCleanClientError(response, 400).details, url).toEqual([
        { path: url.includes('search') ? 'search' : 'id', message: 'Must not contain a NUL character' },
      ]);
    }
  });

  it('survives deeply nested JSON', async () => {
    const depth = 50_000;
    for (const payload of [
      `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`,
      `{"email":"a@b.c","password":"x","extra":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    ]) {
      expectCleanClientError(await login({ headers: json, payload }), [400, 413]);
    }
    const prefs = await suite.t.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences',
      headers: { ...bearer(suite.admin), ...json },
      payload: `{"locale":${'{"locale":'.repeat(depth)}"en"${'}'.repeat(depth)}}`,
    });
    expectCleanClientError(prefs, 400);
  });

  it('refuses prototype pollution keys', async () => {
    for (const payload of [
      `{"__proto__":{"isAdmin":true},"email":"${ADMIN_EMAIL}","password":"${TEST_PASSWORD}"}`,
      `{"constructor":{"prototype":{"isAdmin":true}},"email":"${ADMIN_EMAIL}","password":"${TEST_PASSWORD}"}`,
      `{"email":"${ADMIN_EMAIL}","password":"${TEST_PASSWORD}","nested":{"__proto__":{"polluted":1}}}`,
    ]) {
      expectCleanClientError(await login({ headers: json, payload }), 400);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('validates interface settings with per-field details', async () => {
    const response = await asAdmin('PUT', '/api/users/me/preferences', {
      ...DEFAULT_PREFERENCES,
      navStyle: 'NAV_STYLE_NOPE',
      locale: { ...DEFAULT_PREFERENCES.locale, locale: 'xx' },
    });
    const body = expectCleanClientError(response, 400);
    expect(body.code).toBe('VALIDATION_FAILED');
    const paths = (body.details as { path: string }[]).map((detail) => detail.path).sort();
    expect(paths).toEqual(['locale.locale', 'navStyle']);
  });

  it('answers bad findings and corrective actions with 400 naming each field, and writes nothing', async () => {
    const facility = (
      await asAdmin('POST', '/api/facilities', { name: 'Bad Input Wind', code: 'BIW', type: 'WIND', timeZone: 'UTC' })
    ).json().data._id;
    const count = async () =>
      (await suite.t.database.db.selectFrom('findings').select('id').execute()).length +
      (await suite.t.database.db.selectFrom('corrective_actions').select('id').execute()).length;
    const finding = (
      await asAdmin('POST', '/api/findings', {
        facilityId: facility,
        source: 'AUDIT',
        title: 'Labels missing',
        severity: 'LOW',
        identifiedOn: '2026-01-05',
      })
    ).json().data._id;
    const before = await count();
    const cases: [InjectOptions['method'], string, object, string[]][] = [
      [
        'POST',
        '/api/findings',
        { facilityId: facility, source: 5, title: [], severity: null, identifiedOn: 'soon' },
        ['identifiedOn', 'severity', 'source', 'title'],
      ],
      [
        'PATCH',
        `/api/findings/${finding}`,
        { rootCauseCategory: 'FATE', reportedOn: 3 },
        ['reportedOn', 'rootCauseCategory'],
      ],
      // A permit that is not one of the finding's facility (here: none at all).
      [
        'POST',
        '/api/findings',
        {
          facilityId: facility,
          source: 'AUDIT',
          title: 'Labels missing',
          severity: 'LOW',
          identifiedOn: '2026-01-05',
          permitId: '00000000-0000-4000-8000-000000000001',
        },
        ['permitId'],
      ],
      ['PATCH', `/api/findings/${finding}`, { permitId: '00000000-0000-4000-8000-000000000001' }, ['permitId']],
      ['POST', `/api/findings/${finding}/verify`, { effective: 'yes' }, ['effective']],
      ['POST', `/api/findings/${finding}/cancel`, { reason: '' }, ['reason']],
      [
        'POST',
        `/api/findings/${finding}/actions`,
        { title: 'x', type: 'FIX', ownerId: 7, dueDate: '2026-13-01' },
        ['dueDate', 'ownerId', 'type'],
      ],
      ['PUT', '/api/finding-settings', { missedTaskFindings: 'off' }, ['lateCompletionFindings', 'missedTaskFindings']],
    ];
    for (const [method, url, payload, fields] of cases) {
      const body = expectCleanClientError(await asAdmin(method, url, payload), 400);
      expect(body.code, url).toBe('VALIDATION_FAILED');
      const paths = [...new Set((body.details as { path: string }[]).map((detail) => detail.path))].sort();
      expect(paths, url).toEqual(fields);
    }
    expect(await count()).toBe(before);
    expect(expectCleanClientError(await asAdmin('GET', '/api/findings?overdueActions=maybe'), 400).code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('answers bad reviews and extension requests with 400 and per-field details', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const cases: [string, object, string[]][] = [
      [`/api/tasks/${id}/review`, { decision: 'MAYBE' }, ['decision']],
      [`/api/tasks/${id}/review`, { decision: 'APPROVE', meaning: 'SEEN', password: 5 }, ['meaning', 'password']],
      [`/api/tasks/${id}/review`, { decision: 'APPROVE', meaning: 'APPROVED' }, ['password']],
      [
        `/api/tasks/${id}/review`,
        { decision: 'APPROVE', meaning: 'APPROVED', password: 'x', code: '123456' },
        ['password'],
      ],
      [`/api/tasks/${id}/review`, { decision: 'REJECT', reason: '   ' }, ['reason']],
      [`/api/tasks/${id}/review`, { decision: 'REJECT', reason: 'x'.repeat(2001) }, ['reason']],
      [
        `/api/tasks/${id}/extension-requests`,
        { requestedDueDate: '2026-02-30', reason: 'Late parts' },
        ['requestedDueDate'],
      ],
      [`/api/tasks/${id}/extension-requests`, { requestedDueDate: '2026-12-01', reason: 3 }, ['reason']],
      [`/api/extension-requests/${id}/decide`, { decision: 'REJECT' }, ['reason']],
      [`/api/extension-requests/${id}/decide`, { decision: 'APPROVE', extra: true }, ['extra']],
      ['/api/auth/oidc/sign', { returnTo: 'https://evil.example/' }, ['returnTo']],
    ];
    for (const [url, payload, paths] of cases) {
      const body = expectCleanClientError(await asAdmin('POST', url, payload), 400);
      const details = (body.details ?? []) as { path: string }[];
      expect(details.map((detail) => detail.path).sort(), `${url} ${JSON.stringify(payload)}`).toEqual(paths.sort());
    }
    for (const query of ['status=LATER', 'facilityId=', 'sort=reason', 'colour=red']) {
      expectCleanClientError(await asAdmin('GET', `/api/extension-requests?${query}`), 400);
    }
  });

  it('answers unknown routes, wrong methods and bad URLs with a JSON 4xx', async () => {
    // Paths outside every resource (a path under /api/users/ may match /api/users/:id and answer 401 first).
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['POST', '/api/config'],
      ['DELETE', '/api/health'],
      ['PUT', '/api/ready'],
      ['GET', '/nope'],
      ['GET', `/api/${'a'.repeat(5000)}`],
    ] as const) {
      const body = expectCleanClientError(await suite.t.app.inject({ method, url }), 404);
      expect(body.code).toBe('NOT_FOUND');
    }
    // A bad query string on a route that reads none is ignored.
    for (const url of ['/api/users/me/preferences?%zz=1', '/api/health?a[b][c]=__proto__&__proto__=1']) {
      expect((await suite.t.app.inject({ method: 'GET', url, headers: bearer(suite.admin) })).statusCode).toBe(200);
    }
  });

  it('answers a malformed percent-encoding in the path with a JSON 400 that leaks nothing', async () => {
    for (const url of ['/api/users/%E0%A4%A', '/api/%', '/%c0%af']) {
      const response = await suite.t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json() as Record<string, unknown>;
      expect(typeof body.message).toBe('string');
      expect(typeof body.code).toBe('string');
      for (const leak of LEAKS) expect(response.body).not.toMatch(leak);
    }
  });

  it('answers bad permit and condition input with 400 and field details, unknown ids with 404', async () => {
    const facility = await asAdmin('POST', '/api/facilities', {
      name: 'Bad input site',
      code: 'BADIN',
      type: 'WIND',
      timeZone: 'UTC',
    });
    const facilityId = (facility.json() as { data: { _id: string } }).data._id;
    const valid = {
      facilityId,
      number: 'WQ-1',
      title: 'Discharge permit',
      agency: 'State water board',
      type: 'WATER_DISCHARGE',
      issuedOn: '2026-01-01',
      effectiveOn: '2026-01-01',
      expiresOn: '2030-12-31',
    };
    for (const [payload, field] of [
      [{ ...valid, type: 'NOISE' }, 'type'],
      [{ ...valid, expiresOn: '2025-12-31' }, 'expiresOn'],
      [{ ...valid, effectiveOn: '2026-02-30' }, 'effectiveOn'],
      [{ ...valid, renewalLeadDays: -1 }, 'renewalLeadDays'],
      [{ ...valid, renewalLeadDays: 1.5 }, 'renewalLeadDays'],
      [{ ...valid, number: '' }, 'number'],
      [{ ...valid, number: 'x'.repeat(101) }, 'number'],
      [{ ...valid, status: 'ACTIVE' }, 'status'],
    ] as const) {
      const body = expectCleanClientError(await asAdmin('POST', '/api/permits', payload), 400);
      expect((body.details as { path: string }[]).map((detail) => detail.path)).toContain(field);
    }
    for (const url of [
      '/api/permits?status=LAPSED',
      '/api/permits?expiresFrom=2026-13-01',
      '/api/permits?sort=color',
    ]) {
      expectCleanClientError(await asAdmin('GET', url), 400);
    }
    expectCleanClientError(await asAdmin('GET', '/api/permits/%00'), [400, 404]);
    expectCleanClientError(await asAdmin('GET', '/api/permits/unknown'), 404);
    const permit = (await asAdmin('POST', '/api/permits', valid)).json() as { data: { _id: string } };
    const id = permit.data._id;
    for (const payload of [
      { reference: '', text: 'x' },
      { reference: '1', text: 'x', schedule: { frequency: 'HOURLY', firstDueDate: '2026-01-01', category: 'AIR' } },
      { reference: '1', text: 'x', schedule: { frequency: 'MONTHLY', firstDueDate: '2026-01-01' } },
      {
        reference: '1',
        text: 'x',
        schedule: { frequency: 'MONTHLY', firstDueDate: '2026-01-01', category: 'AIR', extra: 1 },
      },
    ]) {
      expectCleanClientError(await asAdmin('POST', `/api/permits/${id}/conditions`, payload), 400);
    }
    expectCleanClientError(await asAdmin('POST', `/api/permits/${id}/versions`, { effectiveOn: '2025-06-01' }), 400);
    expectCleanClientError(
      await asAdmin('POST', `/api/permits/${id}/terminate`, { terminatedOn: 'soon', reason: 'x' }),
      400,
    );
    expectCleanClientError(await asAdmin('PATCH', `/api/permits/${id}/conditions/unknown`, { text: 'x' }), 404);
    expectCleanClientError(await asAdmin('PUT', `/api/permits/${id}/documents/unknown`), 404);
  });
});

describe('bad input to the BI endpoints never makes a 500', () => {
  const suite = signedInSuite();
  const asAdmin = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    suite.t.app.inject({
      method,
      url,
      headers: bearer(suite.admin),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('answers bad access-token and report-embed bodies with 400 and per-field details', async () => {
    for (const payload of [
      {},
      { name: 5, expiresOn: [] },
      { name: 'x'.repeat(500), expiresOn: '2026-01-01' },
      { name: 'Excel', expiresOn: '2026-13-45' },
      { name: 'Excel', expiresOn: '1900-01-01' },
      { name: 'Excel', expiresOn: '9999-12-31' },
      { name: 'Excel', expiresOn: '2030-01-01', __proto__: { admin: true } },
      { name: '\u0000', expiresOn: '2030-01-01' },
    ]) {
      expectCleanClientError(await asAdmin('POST', '/api/access-tokens', payload), 400);
    }
    for (const payload of [{}, { url: 5 }, { url: ['https://app.powerbi.com'] }, { url: 'ftp://app.powerbi.com/x' }]) {
      expectCleanClientError(await asAdmin('PUT', '/api/report-embed', payload), 400);
    }
    expectCleanClientError(await asAdmin('DELETE', `/api/access-tokens/${'x'.repeat(65)}`), 400);
    expectCleanClientError(await asAdmin('DELETE', '/api/access-tokens/%00'), [400, 404]);
  });

  it('answers bad scheduled-report changes with 400 and details, and odd unsubscribe links without a 500', async () => {
    const created = await asAdmin('POST', '/api/report-subscriptions', {
      report: 'SCORECARD',
      frequency: 'WEEKLY',
      format: 'PDF',
    });
    const id = (created.json() as { data: { _id: string } }).data._id;
    for (const payload of [
      { active: 'yes' },
      { frequency: 'HOURLY' },
      { format: ['PDF'] },
      { filters: { groupBy: 5 } },
      { filters: { facilityId: 'x'.repeat(500) } },
      { filters: [] },
      { report: 'TREND' },
      { frequency: '\u0000' },
    ]) {
      expectCleanClientError(await asAdmin('PATCH', `/api/report-subscriptions/${id}`, payload), 400);
    }
    expectCleanClientError(await asAdmin('PATCH', `/api/report-subscriptions/${'x'.repeat(65)}`, {}), 400);
    const unchanged = await asAdmin('GET', '/api/report-subscriptions');
    expect((unchanged.json() as { data: { _id: string; active: boolean; frequency: string }[] }).data).toEqual([
      expect.objectContaining({ _id: id, active: true, frequency: 'WEEKLY' }),
    ]);
    for (const token of ['x'.repeat(201), '%00', `${id}.%E0%A4%A`, `${id}..`, '.']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await suite.t.app.inject({ method, url: `/api/report-subscriptions/unsubscribe/${token}` });
        expectCleanClientError(response, [400, 404]);
      }
    }
  });

  it('answers odd credentials on the feed with 401 and bad options with an OData 400, leaking nothing', async () => {
    for (const authorization of [
      `Basic ${'A'.repeat(64 * 1024)}`,
      'Basic',
      'Basic !!!',
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
      `Basic ${Buffer.from(':').toString('base64')}`,
      'Bearer \u0000',
      `Bearer rtms_pat_${"'".repeat(43)}`,
      'Digest username="a"',
    ]) {
      const response = await suite.t.app.inject({ method: 'GET', url: '/odata/Tasks', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      for (const leak of LEAKS) expect(response.body).not.toMatch(leak);
    }
    const created = await asAdmin('POST', '/api/access-tokens', {
      name: 'Bad input',
      expiresOn: new Date(Date.now() + 86_400_000 * 30).toISOString().slice(0, 10),
    });
    const pat = (created.json() as { data: { token: string } }).data.token;
    for (const query of [
      '$filter=%00',
      '$filter=%E0%A4%A',
      '$top=1e3',
      '$select=',
      '$orderby=,',
      "$filter=title eq '%00'",
    ]) {
      const response = await suite.t.app.inject({ method: 'GET', url: `/odata/Tasks?${query}`, headers: bearer(pat) });
      expect(response.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, query).toBeLessThan(500);
      // The option's own name ($select) is no leak.
      for (const leak of LEAKS) expect(response.body.replaceAll('$select', '')).not.toMatch(leak);
    }
  });
});

describe('handleFrameworkError (for the frameworkErrors option)', () => {
  it('answers routing errors with the product error shape', async () => {
    const app = Fastify({
      logger: false,
      frameworkErrors: handleFrameworkError,
      routerOptions: { maxParamLength: 10 },
    });
    app.get('/things/:id', async () => ({ ok: true }));
    try {
      for (const url of ['/things/%E0%A4%A', `/things/${'x'.repeat(50)}`]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request address is not valid' });
      }
    } finally {
      await app.close();
    }
  });
});
