/**
 * `@rtms/shared/schemas/<module>?checker`: a checker of each response schema of that module, written at build time
 * from the schema itself (vite.config.ts, lib/json-schema-checker.ts). Typed by the schema's output.
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
