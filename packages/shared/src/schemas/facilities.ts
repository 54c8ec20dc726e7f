import { z } from 'zod';
import { FACILITY_STATUSES, FACILITY_TYPES, ROLES } from '../enums';
import {
  calendarDateSchema,
  dataOf,
  idSchema,
  isTimeZone,
  optionalText,
  recordReadsOf,
  recordSchema,
  requiredText,
  updateBodyOf,
} from './common';

/** An IANA time zone, stored in its canonical spelling ("US/Eastern" becomes "America/New_York"). */
export const timeZoneSchema = z
  .string({ message: 'Please choose a time zone' })
  .trim()
  .min(1, 'Please choose a time zone')
  .max(64)
  .refine(isTimeZone, 'Not a known IANA time zone (e.g. America/Chicago)')
  .transform((value) => new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone);

/** A facility code: 2–12 characters, upper-case letters, digits and hyphens (lower case is upper-cased). */
export const facilityCodeSchema = z
  .string({ message: 'Please enter a code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,11}$/, 'Code must be 2–12 characters: letters, digits and hyphens');

/** A power facility. `programAreaIds` are the compliance domains that apply to it. */
export const facilitySchema = recordSchema({
  name: z.string(),
  code: z.string(),
  type: z.enum(FACILITY_TYPES),
  status: z.enum(FACILITY_STATUSES),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  capacityMw: z.number().nullable(),
  commercialOperationDate: z.string().nullable(),
  timeZone: z.string(),
  notes: z.string().nullable(),
  /** Go-live: reminders for this facility start on this date (null: at once). */
  notifyFrom: z.string().nullable(),
  programAreaIds: z.array(idSchema),
});
export type Facility = z.infer<typeof facilitySchema>;

/** A user assigned to a facility, as the facility's detail page lists them. */
export const facilityUserSchema = z.object({
  _id: idSchema,
  userFacilityId: idSchema,
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  active: z.boolean(),
});
export type FacilityUser = z.infer<typeof facilityUserSchema>;

/** GET /api/facilities/:id: the facility with its program areas and (the users the caller may see among) its users. */
export const facilityDetailSchema = facilitySchema.extend({
  programAreas: z.array(z.object({ _id: idSchema, name: z.string(), active: z.boolean() })),
  users: z.array(facilityUserSchema),
});
export type FacilityDetail = z.infer<typeof facilityDetailSchema>;

/** A latitude or longitude in degrees, from -`limit` to `limit`; null or absent when not known. */
const coordinate = (label: string, limit: number) =>
  z
    .number({ message: `${label} must be a number` })
    .min(-limit, `${label} must be between -${limit} and ${limit}`)
    .max(limit, `${label} must be between -${limit} and ${limit}`)
    .nullable()
    .optional();

const nameSchema = requiredText(200, 'Please enter a name', 'Name');

const fields = {
  name: nameSchema,
  code: facilityCodeSchema,
  type: z.enum(FACILITY_TYPES, { message: `Type must be one of ${FACILITY_TYPES.join(', ')}` }),
  status: z.enum(FACILITY_STATUSES, { message: 'Status must be ACTIVE or INACTIVE' }),
  address: optionalText(300, 'Address'),
  city: optionalText(120, 'City'),
  state: optionalText(120, 'State or region'),
  country: optionalText(120, 'Country'),
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  capacityMw: z
    .number({ message: 'Capacity must be a number' })
    .min(0, 'Capacity cannot be negative')
    .max(100_000, 'Capacity must be at most 100000 MW')
    .nullable()
    .optional(),
  commercialOperationDate: calendarDateSchema.nullable().optional(),
  timeZone: timeZoneSchema,
  notes: optionalText(5000, 'Notes'),
  notifyFrom: calendarDateSchema.nullable().optional(),
  programAreaIds: z
    .array(idSchema)
    .max(100)
    .transform((ids) => [...new Set(ids)]),
};

/** POST /api/facilities */
export const createFacilityBodySchema = z
  .object({
    ...fields,
    status: fields.status.optional(),
    programAreaIds: fields.programAreaIds.optional(),
  })
  .strict();
export type CreateFacilityBody = z.input<typeof createFacilityBodySchema>;

/**
 * PATCH /api/facilities/:id: any subset of the fields. `programAreaIds` replaces the whole set.
 * Changing `status` (deactivate/reactivate) needs the `facility:deactivate` permission.
 */
export const updateFacilityBodySchema = updateBodyOf(createFacilityBodySchema);
export type UpdateFacilityBody = z.input<typeof updateFacilityBodySchema>;

const facilityReads = recordReadsOf(
  facilitySchema,
  ['name', 'code', 'type', 'status', 'city', 'state', 'country', 'capacityMw', 'commercialOperationDate'],
  {
    type: z.enum(FACILITY_TYPES).optional(),
    status: z.enum(FACILITY_STATUSES).optional(),
    state: z.string().trim().max(120).optional(),
    programAreaId: idSchema.optional(),
  },
);

/**
 * GET /api/facilities: only the facilities in the caller's scope. `search` matches name, code, address,
 * city, state and country (case- and accent-insensitive).
 */
export const facilityListQuerySchema = facilityReads.listQuery;
export type FacilityListQuery = z.infer<typeof facilityListQuerySchema>;

export const facilityResponseSchema = facilityReads.response;
export const facilityDetailResponseSchema = dataOf(facilityDetailSchema);
export const facilityPageSchema = facilityReads.page;
