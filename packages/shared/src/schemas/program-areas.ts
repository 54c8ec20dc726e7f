import { z } from 'zod';
import { booleanQuery, optionalText, recordSchema, requiredText, settingsRecordOf } from './common';

/** A program area (Settings): a compliance domain such as Air Quality, Stormwater or SPCC. */
export const programAreaSchema = recordSchema({
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type ProgramArea = z.infer<typeof programAreaSchema>;

const nameSchema = requiredText(120, 'Please enter a name', 'Name');

/** Program areas' schemas; the routes (apps/server) are built from them. */
export const programAreaSchemas = settingsRecordOf(
  programAreaSchema,
  { name: nameSchema, description: optionalText(2000, 'Description') },
  ['name', 'active'],
  { active: booleanQuery.optional() },
);

/** POST /api/program-areas */
export const createProgramAreaBodySchema = programAreaSchemas.createBody;
export type CreateProgramAreaBody = z.input<typeof createProgramAreaBodySchema>;

/** PATCH /api/program-areas/:id — deactivate with `{active: false}` (a deactivated area stays readable). */
export const updateProgramAreaBodySchema = programAreaSchemas.updateBody;
export type UpdateProgramAreaBody = z.input<typeof updateProgramAreaBodySchema>;

/** GET /api/program-areas: `search` matches name and description; `active=true|false` filters. */
export const programAreaListQuerySchema = programAreaSchemas.listQuery;
export type ProgramAreaListQuery = z.infer<typeof programAreaListQuerySchema>;

export const programAreaResponseSchema = programAreaSchemas.response;
export const programAreaPageSchema = programAreaSchemas.page;
