import { z } from 'zod';

/** Largest body of one report, in bytes: what one anonymous report can make the server write. */
export const CLIENT_ERROR_BODY_LIMIT = 8 * 1024;

/** POST /api/client-errors: an error the web app reports (sign-in failure, failed session restore, render crash). */
export const clientErrorBodySchema = z
  .object({
    message: z.string().max(2000),
    name: z.string().max(200).optional(),
    stack: z.string().max(6000).optional(),
    context: z
      .record(z.string().max(100), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
      .refine((context) => Object.keys(context).length <= 20, 'At most 20 context entries')
      .optional(),
    url: z.string().max(2000).optional(),
  })
  .strict();
export type ClientErrorBody = z.infer<typeof clientErrorBodySchema>;
