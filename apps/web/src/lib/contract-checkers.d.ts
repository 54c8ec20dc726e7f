/**
 * `@rtms/shared/schemas/<module>?checker`: a checker of each response schema of that module, written at build time
 * from the schema itself as Ajv's standalone code (apps/web/contract-checkers.ts, lib/ajv-answer.ts). Typed by the
 * schema's output.
 */
declare module '@rtms/shared/schemas/public-config?checker' {
  import type { z } from 'zod';
  import type { publicConfigResponseSchema as schema } from '@rtms/shared/schemas/public-config';

  export const publicConfigResponseSchema: {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: z.output<typeof schema> }
      | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  };
}
