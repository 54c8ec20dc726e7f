import { z } from 'zod';
import { ROLES } from '../enums';
import { newPasswordSchema } from './auth';
import {
  booleanQuery,
  dataOf,
  emailSchema,
  idSchema,
  instantSchema,
  recordReadsOf,
  recordSchema,
  requiredText,
} from './common';

/**
 * A user as the Users screen (and My Profile) shows it. `name` is the original application’s displayName
 * (firstName + " " + lastName). `facilityIds` lists the assigned facilities the caller may see.
 */
export const userSchema = recordSchema({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  active: z.boolean(),
  mustChangePassword: z.boolean(),
  lastSignInAt: instantSchema.nullable(),
  facilityIds: z.array(idSchema),
  /** The user has a confirmed second factor (TOTP). */
  mfaEnabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

const firstNameSchema = requiredText(100, 'Please enter a first name', 'First name');
const lastNameSchema = requiredText(100, 'Please enter a last name', 'Last name');
const roleSchema = z.enum(ROLES, { message: `Role must be one of ${ROLES.join(', ')}` });

/**
 * POST /api/users. Without `password` the server generates one and returns it once as
 * `temporaryPassword`. `mustChangePassword` defaults to true: the user sets their own password at
 * first sign-in. `facilityIds` assigns the new user to facilities at once.
 */
export const createUserBodySchema = z
  .object({
    email: emailSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    role: roleSchema,
    password: newPasswordSchema.optional(),
    mustChangePassword: z.boolean().optional(),
    facilityIds: z
      .array(idSchema)
      .max(500)
      .transform((ids) => [...new Set(ids)])
      .optional(),
  })
  .strict();
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/**
 * PATCH /api/users/:id. Deactivate with `{active: false}`, reactivate with `{active: true}`.
 * A user may change their own firstName and lastName; everything else needs `user:update`
 * (and `user:editRole` for `role`). Nobody changes their own role, and the last active
 * ALL_FACILITY_ADMIN can be neither demoted nor deactivated (409).
 */
export const updateUserBodySchema = z
  .object({
    email: emailSchema.optional(),
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
    role: roleSchema.optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/**
 * GET /api/users: every user for the all-facility roles, users sharing a facility for FACILITY_ADMIN,
 * only oneself for FACILITY_USER (My Profile). `search` matches name and email.
 */
const userReads = recordReadsOf(
  userSchema,
  ['email', 'name', 'firstName', 'lastName', 'role', 'active', 'lastSignInAt'],
  {
    role: z.enum(ROLES).optional(),
    active: booleanQuery.optional(),
    facilityId: idSchema.optional(),
    /**
     * `assignableTo=<facilityId>[,<facilityId>…]`: only users who may see every one of these facilities
     * (assigned to each, or an all-facility role), so an assignee picker offers nobody the server refuses.
     */
    assignableTo: z
      .preprocess(
        (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
        z.array(idSchema).min(1, 'Name at least one facility').max(200, 'Name at most 200 facilities'),
      )
      .transform((ids) => [...new Set(ids)].sort())
      .optional(),
  },
);
export const userListQuerySchema = userReads.listQuery;
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userResponseSchema = userReads.response;
export const userPageSchema = userReads.page;

/** POST /api/users answer: the user, plus the generated password (shown once) when none was given. */
export const createUserResponseSchema = dataOf(userSchema.extend({ temporaryPassword: z.string().optional() }));

/** POST /api/users/:id/reset-password answer: the temporary password, shown once; it must be changed at sign-in. */
export const resetPasswordResponseSchema = dataOf(z.object({ temporaryPassword: z.string() }));
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

/** DELETE /api/users/:id/mfa */
export const resetSecondFactorResponseSchema = dataOf(z.object({ mfaEnabled: z.literal(false) }));
