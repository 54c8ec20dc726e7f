import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicConfigResponseSchema as configSchema } from '@rtms/shared/schemas/public-config';
import { publicConfigResponseSchema as configChecker } from '@rtms/shared/schemas/public-config?checker';
import { contractCheckerModule } from '../../contract-checkers';
import type { AnswerSchema } from './api-client';

const RUNTIME = path.resolve(import.meta.dirname, 'ajv-answer.ts');
const directory = await fs.mkdtemp(path.join(import.meta.dirname, '.checkers-test-'));
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

/** The checkers the `?checker` plugin writes of `schemas`, loaded as the build would load them. */
async function checkersOf(schemas: Record<string, z.ZodType>): Promise<Record<string, AnswerSchema<unknown>>> {
  const file = path.join(directory, 'checkers.js');
  await fs.writeFile(file, contractCheckerModule(schemas, 'test', RUNTIME));
  return (await import(/* @vite-ignore */ file)) as Record<string, AnswerSchema<unknown>>;
}

const pathsOf = (result: ReturnType<AnswerSchema<unknown>['safeParse']>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));

/**
 * The checker decides as the schema's parse does and outputs what it outputs (keys the schema does not name
 * dropped); where the parse reports a difference, the checker reports one at the same place. The answer itself is
 * left as it came.
 */
function expectSameAsZod(schema: z.ZodType, checker: AnswerSchema<unknown>, answer: unknown): void {
  const before = structuredClone(answer);
  const expected = schema.safeParse(answer);
  const checked = checker.safeParse(answer);
  expect(checked.success).toBe(expected.success);
  if (checked.success && expected.success) expect(checked.data).toEqual(expected.data);
  if (!expected.success) expect(pathsOf(checked)).toEqual(expect.arrayContaining(pathsOf(expected)));
  expect(answer).toEqual(before);
}

const CONFIG = {
  data: {
    appName: 'RTMS',
    logoUrl: '/logo.svg',
    companyName: 'Acme Wind',
    companyWebsite: 'https://example.com',
    supportEmail: 'help@example.com',
    version: '9.9.9-test',
    sso: { label: 'Acme SSO', only: false },
  },
};

describe('the GET /api/config checker (written at build from the shared schema)', () => {
  const answers: [string, unknown][] = [
    ['a full answer', CONFIG],
    ['no single sign-on', { data: { ...CONFIG.data, sso: null } }],
    ['keys the contract does not name (dropped)', { data: { ...CONFIG.data, extra: 1 }, more: true }],
    [
      'a key the contract does not name in a nullable object',
      { data: { ...CONFIG.data, sso: { ...CONFIG.data.sso, x: 1 } } },
    ],
    ['a missing field', { data: { ...CONFIG.data, version: undefined } }],
    ['a wrong type', { data: { ...CONFIG.data, appName: 7 } }],
    ['a wrong nested type', { data: { ...CONFIG.data, sso: { label: 'x', only: 'no' } } }],
    ['an array for an object', { data: [] }],
    ['no body', undefined],
    ['null', null],
  ];
  it.each(answers)('%s', (_, answer) => expectSameAsZod(configSchema, configChecker, answer));

  it('says where and what', () => {
    expect(configChecker.safeParse({ data: { ...CONFIG.data, appName: 7, version: undefined } })).toEqual({
      success: false,
      error: {
        issues: [
          { path: ['data', 'version'], message: "must have required property 'version'" },
          { path: ['data', 'appName'], message: 'must be string' },
        ],
      },
    });
  });
});

describe('checkers of other shapes, against zod on the same answers', () => {
  const shape = z.object({
    kind: z.enum(['A', 'B']),
    mode: z.literal('x'),
    count: z.int(),
    ratio: z.number().min(0).max(1),
    tags: z.array(z.string()).max(2),
    either: z.union([z.string(), z.boolean()]),
    rows: z.array(z.object({ id: z.string() })),
    maybe: z.string().optional(),
    owner: z.object({ name: z.string() }).nullable(),
    anything: z.unknown(),
  });
  const schemas = {
    plainResponseSchema: shape,
    strictResponseSchema: z.strictObject({ a: z.string(), inner: z.object({ b: z.number() }) }),
    emptyStrictResponseSchema: z.strictObject({}),
    looseResponseSchema: z.looseObject({ a: z.string() }),
  };
  const good = {
    kind: 'A',
    mode: 'x',
    count: 2,
    ratio: 0.5,
    tags: ['t'],
    either: true,
    rows: [{ id: '1' }],
    owner: { name: 'o' },
    anything: { kept: [1] },
  };
  const cases: [keyof typeof schemas, string, unknown][] = [
    ['plainResponseSchema', 'a good answer', good],
    ['plainResponseSchema', 'an optional key given', { ...good, maybe: 'm' }],
    [
      'plainResponseSchema',
      'unnamed keys, also in array items and a nullable object (dropped)',
      {
        ...good,
        extra: 1,
        rows: [{ id: '1', x: 2 }],
        owner: { name: 'o', y: 3 },
      },
    ],
    ['plainResponseSchema', 'a value outside the enum', { ...good, kind: 'C' }],
    ['plainResponseSchema', 'another literal', { ...good, mode: 'y' }],
    ['plainResponseSchema', 'a fraction for an integer', { ...good, count: 1.5 }],
    ['plainResponseSchema', 'a number out of range', { ...good, ratio: 2 }],
    ['plainResponseSchema', 'too many items', { ...good, tags: ['a', 'b', 'c'] }],
    ['plainResponseSchema', 'a wrong item', { ...good, tags: [1] }],
    ['plainResponseSchema', 'a wrong object in an array', { ...good, rows: [{ id: '1' }, { id: 2, x: 1 }] }],
    ['plainResponseSchema', 'no option of a union', { ...good, either: 1 }],
    ['plainResponseSchema', 'a wrong optional key', { ...good, maybe: 1 }],
    ['plainResponseSchema', 'two differences', { ...good, kind: 'C', owner: { name: 1 } }],
    ['strictResponseSchema', 'a strict object', { a: 'a', inner: { b: 1, dropped: true } }],
    ['strictResponseSchema', 'an unknown key of a strict object', { a: 'a', inner: { b: 1 }, extra: 1 }],
    ['emptyStrictResponseSchema', 'an empty strict object', {}],
    ['emptyStrictResponseSchema', 'a key of an empty strict object', { a: 1 }],
    ['looseResponseSchema', 'a loose object (keeps the keys it does not name)', { a: 'a', kept: { b: 1 } }],
    ['looseResponseSchema', 'a wrong key of a loose object', { a: 1, kept: true }],
  ];
  let loaded: ReturnType<typeof checkersOf> | undefined;
  const checkersOfSchemas = () => (loaded ??= checkersOf(schemas));

  it.each(cases)('%s: %s', async (name, _, answer) => {
    const checkers = await checkersOfSchemas();
    expectSameAsZod(schemas[name], checkers[name]!, answer);
  });

  it('names an array index as a number and an unknown key', async () => {
    const checkers = await checkersOfSchemas();
    const rows = checkers.plainResponseSchema!.safeParse({ ...good, rows: [{ id: '1' }, { id: 2 }] });
    expect(rows.success ? [] : rows.error.issues.map((issue) => issue.path)).toEqual([['rows', 1, 'id']]);
    expect(checkers.strictResponseSchema!.safeParse({ a: 'a', inner: { b: 1 }, extra: 1 })).toEqual({
      success: false,
      error: { issues: [{ path: [], message: 'Unrecognized key: "extra"' }] },
    });
  });
});

describe('the build refuses a schema its checker would say less of', () => {
  it.each([
    ['a transform', z.object({ a: z.string().transform((value) => value.length) }), /"pipe"/],
    ['a default', z.object({ a: z.string().default('x') }), /"default"/],
    ['a refinement', z.object({ a: z.string().refine((value) => value !== 'x') }), /"custom"/],
    ['a trim', z.object({ a: z.string().trim() }), /"overwrite"/],
    ['a string format', z.object({ a: z.email() }), /format "email"/],
    ['a pattern', z.object({ a: z.string().regex(/^a/i) }), /"string_format"/],
    ["a string's length (Ajv counts code points, zod UTF-16 units)", z.object({ a: z.string().max(3) }), /ucs2length/],
    ['a date', z.object({ a: z.date() }), /Date cannot be represented/],
    ['a record', z.object({ a: z.record(z.string(), z.number()) }), /"record"/],
    ['a lazy schema', z.object({ a: z.lazy(() => z.string()) }), /"lazy"/],
    [
      'a union of two objects (Ajv strips while trying each)',
      z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
      /a union of several objects/,
    ],
    [
      'a discriminated union',
      z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]),
      /a union of several objects/,
    ],
    [
      'a union of an object and an array',
      z.object({ a: z.union([z.object({}), z.array(z.string())]) }),
      /a union of several objects/,
    ],
  ] as [string, z.ZodType, RegExp][])('%s', (_, schema, reason) => {
    expect(() => contractCheckerModule({ xResponseSchema: schema }, 'test', RUNTIME)).toThrow(reason);
  });

  it('leaves the exports that are not response schemas', () => {
    const code = contractCheckerModule({ xSchema: z.date(), xResponseSchema: z.object({}) }, 'test', RUNTIME);
    expect(code).toContain('export const xResponseSchema =');
    expect(code).not.toContain('export const xSchema =');
  });
});
