import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { querySchema } from '@rtms/shared/schemas/common';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../test/test-app';
import { requireStrictQueries } from './strict-query';

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** The GET operations of the document, with `{param}` filled by a value of no particular shape. */
function getOperations(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    item.get ? [{ key: `GET ${path}`, url: path.replace(/\{[^}]+\}/g, 'not-an-id'), operation: item.get }] : [],
  );
}

/** A list answers `{data: [...], meta}` (pageOf). */
function isList(operation: OpenApiOperation): boolean {
  const properties = operation.responses?.['200']?.content?.['application/json']?.schema?.properties;
  return Boolean(properties && 'data' in properties && 'meta' in properties);
}

const hasQuery = (operation: OpenApiOperation) => (operation.parameters ?? []).some((p) => p.in === 'query');

describe('an unknown query parameter, on every route of the OpenAPI document that takes a query', () => {
  let t: TestApp;
  let token: string;
  let operations: ReturnType<typeof getOperations>;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.signIn(ADMIN_EMAIL);
    operations = getOperations((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
  });
  afterAll(() => t.close());

  it('finds every paginated list among the routes that take a query', () => {
    const lists = operations.filter((op) => isList(op.operation));
    expect(lists.length).toBeGreaterThanOrEqual(12);
    expect(lists.filter((op) => !hasQuery(op.operation)).map((op) => op.key)).toEqual([]);
  });

  it('answers 400 naming the parameter instead of dropping it (a renamed filter must not return everything)', async () => {
    const queried = operations.filter((op) => hasQuery(op.operation));
    expect(queried.length).toBeGreaterThanOrEqual(16);
    const wrong: string[] = [];
    for (const { key, url } of queried) {
      const response = await t.app.inject({ method: 'GET', url: `${url}?facilityIdd=f1`, headers: bearer(token) });
      const body = response.json() as { code?: string; details?: { path: string; message: string }[] };
      const named = body.details?.some((d) => d.path === 'facilityIdd' && d.message === 'Unknown query parameter');
      if (response.statusCode !== 400 || body.code !== 'VALIDATION_FAILED' || !named) {
        wrong.push(`${key} → ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('words the 400 the one way: the field and its message, or the count of invalid fields', async () => {
    const one = await t.app.inject({ method: 'GET', url: '/api/facilities?colour=red', headers: bearer(token) });
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'colour: Unknown query parameter',
      details: [{ path: 'colour', message: 'Unknown query parameter' }],
    });
    const two = await t.app.inject({ method: 'GET', url: '/api/tasks?colour=red&size=9', headers: bearer(token) });
    expect(two.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The request has 2 invalid fields' });
    expect(two.json().details).toEqual([
      { path: 'colour', message: 'Unknown query parameter' },
      { path: 'size', message: 'Unknown query parameter' },
    ]);
  });

  it('still accepts every known parameter', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/facilities?page=1&pageSize=5&search=x&sort=name&status=ACTIVE',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('requireStrictQueries', () => {
  function appWith(querystring: z.ZodType) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    requireStrictQueries(app);
    app.get('/list', { schema: { querystring } }, async () => ({}));
    return app;
  }

  it('refuses to register a route whose querystring would drop unknown parameters', () => {
    expect(() => appWith(z.object({ page: z.string().optional() }))).toThrow(
      /GET \/list: the querystring schema must be strict/,
    );
  });

  it('registers one built with querySchema', async () => {
    const app = appWith(querySchema({ page: z.string().optional() }));
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
