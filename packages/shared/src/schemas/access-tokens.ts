import { z } from 'zod';
import { calendarDateSchema, dataOf, idSchema, instantSchema, pageOf, pageQuerySchema, sortsOf } from './common';

/**
 * Personal access tokens: a user's named secrets for BI tools (Excel, Power BI). A token reads the OData feed
 * only, with its owner's current rights; it ends on its expiry date, which is required.
 */

/** Most tokens one user may hold. */
export const MAX_ACCESS_TOKENS = 20;
/** The furthest expiry a token may have, in days from today. */
export const MAX_ACCESS_TOKEN_DAYS = 366;

export const accessTokenSchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** The last day the token works (UTC). */
  expiresOn: z.string(),
  lastUsedAt: instantSchema.nullable(),
  createdAt: instantSchema,
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** POST /api/access-tokens: the expiry is checked against today on the server (after today, within a year). */
export const createAccessTokenBodySchema = z
  .object({
    name: z
      .string({ message: 'Please give the token a name' })
      .trim()
      .min(1, 'Please give the token a name')
      .max(100, 'A name must be at most 100 characters long'),
    expiresOn: calendarDateSchema,
  })
  .strict();
export type CreateAccessTokenBody = z.input<typeof createAccessTokenBodySchema>;

export const ACCESS_TOKEN_SORTS = sortsOf('name', 'expiresOn', 'lastUsedAt', 'createdAt');
/** GET /api/access-tokens: a page of my tokens (newest first unless sorted); no search (a user has few). */
export const accessTokenListQuerySchema = pageQuerySchema
  .omit({ search: true })
  .extend({ sort: z.enum(ACCESS_TOKEN_SORTS).optional() });
export type AccessTokenListQuery = z.infer<typeof accessTokenListQuerySchema>;
export const accessTokenListResponseSchema = pageOf(accessTokenSchema);
/** The created token with its secret: the only time the secret is shown. */
export const createdAccessTokenResponseSchema = dataOf(accessTokenSchema.extend({ token: z.string() }));
