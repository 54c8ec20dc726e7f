import { z } from 'zod';
import { booleanQuery, optionalText, recordReadsOf, recordSchema, requiredText, updateBodyOf } from './common';

/** A program area (Settings): a compliance domain such as Air Quality, Stormwater or SPCC. */
export const programAreaSchema = recordSchema({
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type ProgramArea = z.infer<typeof programAreaSchema>;

const nameSchema = requiredText(120, 'Please enter a name', 'Name');

/** POST /api/program-areas */
export const createProgramAreaBodySchema = z
  .object({
    name: nameSchema,
    description: optionalText(2000, 'Description'),
    active: z.boolean().optional(),
  })
  .strict();
export type CreateProgramAreaBody = z.input<typeof createProgramAreaBodySchema>;

/** PATCH /api/program-areas/:id — deactivate with `{active: false}` (a deactivated area stays readable). */
export const updateProgramAreaBodySchema = updateBodyOf(createProgramAreaBodySchema);
export type UpdateProgramAreaBody = z.input<typeof updateProgramAreaBodySchema>;

const programAreaReads = recordReadsOf(programAreaSchema, ['name', 'active'], { active: booleanQuery.optional() });

/** GET /api/program-areas: `search` matches name and description; `active=true|false` filters. */
export const programAreaListQuerySchema = programAreaReads.listQuery;
export type ProgramAreaListQuery = z.infer<typeof programAreaListQuerySchema>;

export const programAreaResponseSchema = programAreaReads.response;
export const programAreaPageSchema = programAreaReads.page;
