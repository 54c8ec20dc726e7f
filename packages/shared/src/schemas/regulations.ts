import { z } from 'zod';
import { JURISDICTIONS } from '../enums';
import {
  booleanQuery,
  dataOf,
  idSchema,
  instantSchema,
  optionalText,
  pageOf,
  pageQuerySchema,
  sortsOf,
} from './common';

/** A regulation (Settings): the rule an obligation comes from, e.g. "40 CFR 112" (SPCC). */
export const regulationSchema = z.object({
  _id: idSchema,
  title: z.string(),
  citation: z.string().nullable(),
  agency: z.string().nullable(),
  jurisdiction: z.enum(JURISDICTIONS),
  link: z.string().nullable(),
  description: z.string().nullable(),
  active: z.boolean(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Regulation = z.infer<typeof regulationSchema>;

const titleSchema = z
  .string({ message: 'Please enter a title' })
  .trim()
  .min(1, 'Please enter a title')
  .max(300, 'Title must be at most 300 characters long');

/** An http(s) address, or empty/null for none. */
const linkSchema = z
  .union([
    z.literal(''),
    z.url({ protocol: /^https?$/, message: 'Enter a web address starting with http:// or https://' }).max(2000),
  ])
  .transform((value) => value || null)
  .nullable()
  .optional();

/** POST /api/regulations */
export const createRegulationBodySchema = z
  .object({
    title: titleSchema,
    citation: optionalText(200, 'Citation'),
    agency: optionalText(200, 'Agency'),
    jurisdiction: z.enum(JURISDICTIONS, { message: `Jurisdiction must be one of ${JURISDICTIONS.join(', ')}` }),
    link: linkSchema,
    description: optionalText(5000, 'Description'),
    active: z.boolean().optional(),
  })
  .strict();
export type CreateRegulationBody = z.input<typeof createRegulationBodySchema>;

/** PATCH /api/regulations/:id — deactivate with `{active: false}` (a deactivated regulation stays readable). */
export const updateRegulationBodySchema = z
  .object({
    title: titleSchema.optional(),
    citation: optionalText(200, 'Citation'),
    agency: optionalText(200, 'Agency'),
    jurisdiction: z
      .enum(JURISDICTIONS, { message: `Jurisdiction must be one of ${JURISDICTIONS.join(', ')}` })
      .optional(),
    link: linkSchema,
    description: optionalText(5000, 'Description'),
    active: z.boolean().optional(),
  })
  .strict();
export type UpdateRegulationBody = z.input<typeof updateRegulationBodySchema>;

export const REGULATION_SORTS = sortsOf(
  'title',
  'citation',
  'agency',
  'jurisdiction',
  'active',
  'createdAt',
  'updatedAt',
);

/** GET /api/regulations: `search` matches title, citation, agency and description. */
export const regulationListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(REGULATION_SORTS).optional(),
  jurisdiction: z.enum(JURISDICTIONS).optional(),
  active: booleanQuery.optional(),
});
export type RegulationListQuery = z.infer<typeof regulationListQuerySchema>;

export const regulationResponseSchema = dataOf(regulationSchema);
export const regulationPageSchema = pageOf(regulationSchema);
