import { z } from 'zod';
import { JURISDICTIONS } from '../enums';
import { booleanQuery, optionalOrEmpty, optionalText, recordSchema, requiredText, settingsRecordOf } from './common';

/** A regulation (Settings): the rule an obligation comes from, e.g. "40 CFR 112" (SPCC). */
export const regulationSchema = recordSchema({
  title: z.string(),
  citation: z.string().nullable(),
  agency: z.string().nullable(),
  jurisdiction: z.enum(JURISDICTIONS),
  link: z.string().nullable(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type Regulation = z.infer<typeof regulationSchema>;

const titleSchema = requiredText(300, 'Please enter a title', 'Title');

/** An http(s) address, or empty/null for none. */
const linkSchema = optionalOrEmpty(
  z.url({ protocol: /^https?$/, message: 'Enter a web address starting with http:// or https://' }).max(2000),
);

/** Regulations' schemas; the routes (apps/server) are built from them. */
export const regulationSchemas = settingsRecordOf(
  regulationSchema,
  {
    title: titleSchema,
    citation: optionalText(200, 'Citation'),
    agency: optionalText(200, 'Agency'),
    jurisdiction: z.enum(JURISDICTIONS, { message: `Jurisdiction must be one of ${JURISDICTIONS.join(', ')}` }),
    link: linkSchema,
    description: optionalText(5000, 'Description'),
  },
  ['title', 'citation', 'agency', 'jurisdiction', 'active'],
  { jurisdiction: z.enum(JURISDICTIONS).optional(), active: booleanQuery.optional() },
);

/** POST /api/regulations */
export const createRegulationBodySchema = regulationSchemas.createBody;
export type CreateRegulationBody = z.input<typeof createRegulationBodySchema>;

/** PATCH /api/regulations/:id — deactivate with `{active: false}` (a deactivated regulation stays readable). */
export const updateRegulationBodySchema = regulationSchemas.updateBody;
export type UpdateRegulationBody = z.input<typeof updateRegulationBodySchema>;

/** GET /api/regulations: `search` matches title, citation, agency and description. */
export const regulationListQuerySchema = regulationSchemas.listQuery;
export type RegulationListQuery = z.infer<typeof regulationListQuerySchema>;

export const regulationResponseSchema = regulationSchemas.response;
export const regulationPageSchema = regulationSchemas.page;
