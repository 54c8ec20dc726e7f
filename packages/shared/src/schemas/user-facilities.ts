import { z } from 'zod';
import { FACILITY_STATUSES, ROLES } from '../enums';
import { dataOf, idSchema, listQuerySchema, pageOf, recordSchema, sortsOf } from './common';

/** A user assigned to a facility, joined with what a table of assignments shows of each side. */
export const userFacilitySchema = recordSchema({
  userId: idSchema,
  facilityId: idSchema,
  user: z.object({ _id: idSchema, email: z.string(), name: z.string(), role: z.enum(ROLES), active: z.boolean() }),
  facility: z.object({ _id: idSchema, name: z.string(), code: z.string(), status: z.enum(FACILITY_STATUSES) }),
});
export type UserFacility = z.infer<typeof userFacilitySchema>;

/** POST /api/user-facilities */
export const createUserFacilityBodySchema = z
  .object({
    userId: idSchema,
    facilityId: idSchema,
  })
  .strict();
export type CreateUserFacilityBody = z.infer<typeof createUserFacilityBodySchema>;

export const USER_FACILITY_ACTIONS = ['assign', 'unassign'] as const;
export type UserFacilityAction = (typeof USER_FACILITY_ACTIONS)[number];

/**
 * POST /api/user-facilities/bulk: assigns (or unassigns) every listed user to (from) every listed
 * facility — one user with many facilities, or one facility with many users. Pairs already in the wanted
 * state are left alone and counted as `unchanged`.
 */
export const bulkUserFacilitiesBodySchema = z
  .object({
    action: z.enum(USER_FACILITY_ACTIONS, { message: 'Action must be assign or unassign' }),
    userIds: z
      .array(idSchema)
      .min(1, 'Choose at least one user')
      .max(500)
      .transform((ids) => [...new Set(ids)]),
    facilityIds: z
      .array(idSchema)
      .min(1, 'Choose at least one facility')
      .max(500)
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();
export type BulkUserFacilitiesBody = z.input<typeof bulkUserFacilitiesBodySchema>;

export const bulkUserFacilitiesResponseSchema = dataOf(
  z.object({ action: z.enum(USER_FACILITY_ACTIONS), changed: z.number().int(), unchanged: z.number().int() }),
);
export type BulkUserFacilitiesResponse = z.infer<typeof bulkUserFacilitiesResponseSchema>;

export const USER_FACILITY_SORTS = sortsOf('userEmail', 'userName', 'facilityName', 'facilityCode', 'createdAt');

/** GET /api/user-facilities: `?userId=` and/or `?facilityId=`; `search` matches the user's name/email and the facility's name/code. */
export const userFacilityListQuerySchema = listQuerySchema(USER_FACILITY_SORTS, {
  userId: idSchema.optional(),
  facilityId: idSchema.optional(),
});
export type UserFacilityListQuery = z.infer<typeof userFacilityListQuerySchema>;

export const userFacilityResponseSchema = dataOf(userFacilitySchema);
export const userFacilityPageSchema = pageOf(userFacilitySchema);
