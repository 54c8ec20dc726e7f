import { expect, it } from 'vitest';

it('makes zod build its parsers without `new Function`, without importing zod', async () => {
  await import('./zod-csp');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
