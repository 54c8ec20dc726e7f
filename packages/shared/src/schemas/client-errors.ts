import { z } from 'zod';

/** POST /api/client-errors: an error the web app reports (sign-in failure, failed session restore, render crash). */
export const clientErrorBodySchema = z
  .object({
    message: z.string().max(2000),
    name: z.string().max(200).optional(),
    stack: z.string().max(10_000).optional(),
    context: z
      .record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
      .optional(),
    url: z.string().max(2000).optional(),
  })
  .strict();
export type ClientErrorBody = z.infer<typeof clientErrorBodySchema>;
