import { z } from 'zod';
import { booleanQuery, dataOf, idSchema, instantSchema, pageOf, pageQuerySchema, sortsOf } from './common';

/** A program area (Settings): a compliance domain such as Air Quality, Stormwater or SPCC. */
export const programAreaSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type ProgramArea = z.infer<typeof programAreaSchema>;

const nameSchema = z
  .string({ message: 'Please enter a name' })
  .trim()
  .min(1, 'Please enter a name')
  .max(120, 'Name must be at most 120 characters long');
const descriptionSchema = z
  .string()
  .trim()
  .max(2000, 'Description must be at most 2000 characters long')
  .transform((value) => value || null)
  .nullable();

/** POST /api/program-areas */
export const createProgramAreaBodySchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema.optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type CreateProgramAreaBody = z.input<typeof createProgramAreaBodySchema>;

/** PATCH /api/program-areas/:id — deactivate with `{active: false}` (a deactivated area stays readable). */
export const updateProgramAreaBodySchema = z
  .object({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type UpdateProgramAreaBody = z.input<typeof updateProgramAreaBodySchema>;

export const PROGRAM_AREA_SORTS = sortsOf('name', 'active', 'createdAt', 'updatedAt');

/** GET /api/program-areas: `search` matches name and description; `active=true|false` filters. */
export const programAreaListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(PROGRAM_AREA_SORTS).optional(),
  active: booleanQuery.optional(),
});
export type ProgramAreaListQuery = z.infer<typeof programAreaListQuerySchema>;

export const programAreaResponseSchema = dataOf(programAreaSchema);
export const programAreaPageSchema = pageOf(programAreaSchema);
