import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicConfigResponseSchema as configSchema } from '@rtms/shared/schemas/public-config';
import { publicConfigResponseSchema as configChecker } from '@rtms/shared/schemas/public-config?checker';
import { jsonSchemaChecker } from './json-schema-checker';

const CONFIG = {
  data: {
    appName: 'RTMS',
    logoUrl: '/logo.svg',
    companyName: 'Acme Wind',
    companyWebsite: 'https://example.com',
    supportEmail: 'help@example.com',
    version: '1.2.1-beta',
    sso: { label: 'Acme SSO', only: false },
  },
};

/** The checker written at build from the shared schema decides as the schema does, and outputs what it outputs. */
describe('the GET /api/config checker (written at build from the shared schema)', () => {
  const answers: [string, unknown][] = [
    ['a full answer', CONFIG],
    ['no single sign-on', { data: { ...CONFIG.data, sso: null } }],
    ['keys the contract does not name (dropped)', { data: { ...CONFIG.data, extra: 1 }, more: true }],
    ['a missing field', { data: { ...CONFIG.data, version: undefined } }],
    ['a wrong type', { data: { ...CONFIG.data, appName: 7 } }],
    ['a wrong nested type', { data: { ...CONFIG.data, sso: { label: 'x', only: 'no' } } }],
    ['an array for an object', { data: [] }],
    ['no body', undefined],
    ['null', null],
  ];
  it.each(answers)('%s', (_, answer) => {
    const expected = configSchema.safeParse(answer);
    const checked = configChecker.safeParse(answer);
    expect(checked.success).toBe(expected.success);
    if (checked.success && expected.success) expect(checked.data).toEqual(expected.data);
  });
});

describe('jsonSchemaChecker', () => {
  const checker = jsonSchemaChecker<unknown>(
    z.toJSONSchema(
      z.strictObject({
        kind: z.enum(['A', 'B']),
        mode: z.literal('x'),
        count: z.number().int(),
        ratio: z.number(),
        tags: z.array(z.string()),
        either: z.union([z.string(), z.boolean()]),
      }),
      { io: 'input' },
    ) as never,
  );
  const good = { kind: 'A', mode: 'x', count: 2, ratio: 0.5, tags: ['t'], either: true };

  it('accepts what the schema accepts', () => {
    expect(checker.safeParse(good)).toEqual({ success: true, data: good });
  });

  it.each([
    ['an unknown key of a strict object', { ...good, extra: 1 }, 'extra'],
    ['a value outside the enum', { ...good, kind: 'C' }, 'kind'],
    ['another literal', { ...good, mode: 'y' }, 'mode'],
    ['a fraction for an integer', { ...good, count: 1.5 }, 'count'],
    ['a wrong item', { ...good, tags: [1] }, 'tags.0'],
    ['no option of a union', { ...good, either: 1 }, 'either'],
  ])('refuses %s, naming where', (_, value, where) => {
    const result = checker.safeParse(value);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((issue) => issue.path.join('.'))).toEqual([where]);
  });
});
