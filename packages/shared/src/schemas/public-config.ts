import { z } from 'zod';
import { dataOf } from './common';

/** GET /api/config: what the web app needs to know about this installation before sign-in. */
export const publicConfigSchema = z.object({
  appName: z.string(),
  logoUrl: z.string(),
  companyName: z.string(),
  companyWebsite: z.string(),
  supportEmail: z.string(),
  version: z.string(),
  /** Single sign-on, when configured: the provider's name for "Sign in with …", and whether it is the only way in. */
  sso: z.object({ label: z.string(), only: z.boolean() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
export const publicConfigResponseSchema = dataOf(publicConfigSchema);
