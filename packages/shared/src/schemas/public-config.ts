import { z } from 'zod';

/** GET /api/config: what the web app needs to know about this installation before sign-in. */
export const publicConfigSchema = z.object({
  appName: z.string(),
  logoUrl: z.string(),
  companyName: z.string(),
  companyWebsite: z.string(),
  supportEmail: z.string(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
