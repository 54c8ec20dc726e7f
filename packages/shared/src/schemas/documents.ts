import { z } from 'zod';
import { DOCUMENT_KINDS } from '../enums';
import {
  booleanQuery,
  calendarDateSchema,
  dataOf,
  idSchema,
  instantSchema,
  listQuerySchema,
  optionalOrEmpty,
  optionalText,
  pageOf,
  querySchema,
  recordSchema,
  recordSortsOf,
  requiredText,
} from './common';

/**
 * Documents: task evidence (kind TASK, attached to a task, with the date the evidence represents) and the
 * Documents Library (kind LIBRARY: permits, plans, procedures). Every upload of a document is a version;
 * archiving hides a document without deleting it; retention and legal hold block permanent deletion.
 */

export const TAGS_MAX = 20;
export const TAG_MAX_LENGTH = 50;

/** An optional reference: an id, or ''/null for none. */
const optionalRef = optionalOrEmpty(idSchema);

/** An optional date: `YYYY-MM-DD`, or ''/null for none. */
const optionalDate = optionalOrEmpty(calendarDateSchema);

const tagSchema = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty')
  .max(TAG_MAX_LENGTH, `A tag must be at most ${TAG_MAX_LENGTH} characters long`)
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  .refine((value) => !/[\u0000-\u001f\u007f,]/.test(value), 'A tag cannot contain commas or control characters');

/**
 * Tags: an array, or (from a multipart form) one text holding a JSON array or comma-separated tags.
 * Duplicates that differ only by case are dropped (the first spelling is kept).
 */
export const tagsSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    }
    return text
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
  },
  z
    .array(tagSchema)
    .transform((tags) => {
      const seen = new Set<string>();
      return tags.filter((tag) => {
        const key = tag.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .refine((tags) => tags.length <= TAGS_MAX, `At most ${TAGS_MAX} tags`),
);

const titleSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a title')
  .max(300, 'Title must be at most 300 characters long');

/** One stored version of a document's file. */
export const documentVersionSchema = z.object({
  version: z.number().int(),
  fileName: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploadedBy: z.string().nullable(),
  uploadedByName: z.string().nullable(),
  createdAt: instantSchema,
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/**
 * A document as lists show it. `fileName` … `version` and `uploadedBy` describe the current (latest)
 * version. The `*Name`/`*Title` fields and `taskDueDate`/`requirementId` are labels joined for display.
 */
export const documentSchema = recordSchema({
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  description: z.string().nullable(),
  fileName: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  version: z.number().int(),
  taskId: z.string().nullable(),
  /** The date the evidence represents (e.g. the inspection date), distinct from the upload time. */
  evidenceDate: z.string().nullable(),
  facilityId: z.string().nullable(),
  programAreaId: z.string().nullable(),
  regulationId: z.string().nullable(),
  tags: z.array(z.string()),
  uploadedBy: z.string().nullable(),
  uploadedByName: z.string().nullable(),
  archivedAt: instantSchema.nullable(),
  archivedBy: z.string().nullable(),
  archivedByName: z.string().nullable(),
  archiveReason: z.string().nullable(),
  retainUntil: z.string().nullable(),
  legalHold: z.boolean(),
  facilityName: z.string().nullable(),
  programAreaName: z.string().nullable(),
  regulationTitle: z.string().nullable(),
  taskTitle: z.string().nullable(),
  taskDueDate: z.string().nullable(),
  requirementId: z.string().nullable(),
  requirementTitle: z.string().nullable(),
});
export type Document = z.infer<typeof documentSchema>;

/** A document as read alone: with every version, newest first. */
export const documentDetailSchema = documentSchema.extend({ versions: z.array(documentVersionSchema) });
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

/**
 * The text fields of `POST /api/documents` (multipart: these fields, then the `file` part).
 * TASK documents need `taskId` (their facility is the task's); LIBRARY documents may name a facility
 * (facility roles must), program area and regulation. `title` defaults to the file name.
 */
export const documentUploadFieldsSchema = z
  .object({
    kind: z.enum(DOCUMENT_KINDS, { message: 'Kind must be TASK or LIBRARY' }).default('LIBRARY'),
    title: optionalText(300, 'Title'),
    description: optionalText(5000, 'Description'),
    taskId: optionalRef,
    evidenceDate: optionalDate,
    facilityId: optionalRef,
    programAreaId: optionalRef,
    regulationId: optionalRef,
    tags: tagsSchema.optional(),
    retainUntil: optionalDate,
  })
  .strict()
  .superRefine((fields, ctx) => {
    if (fields.kind === 'TASK' && !fields.taskId) {
      ctx.addIssue({ code: 'custom', path: ['taskId'], message: 'Evidence must name its task (taskId)' });
    }
    if (fields.kind === 'LIBRARY' && fields.taskId) {
      ctx.addIssue({
        code: 'custom',
        path: ['taskId'],
        message: 'A library document has no task; use kind TASK for evidence',
      });
    }
    if (fields.kind === 'LIBRARY' && fields.evidenceDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['evidenceDate'],
        message: 'Only evidence (kind TASK) has an evidence date',
      });
    }
  });
export type DocumentUploadFields = z.input<typeof documentUploadFieldsSchema>;

/** PATCH /api/documents/:id. `retainUntil` and `legalHold` need the archive permission. */
export const updateDocumentBodySchema = z
  .object({
    title: titleSchema.optional(),
    description: optionalText(5000, 'Description'),
    tags: tagsSchema.optional(),
    facilityId: optionalRef,
    programAreaId: optionalRef,
    regulationId: optionalRef,
    evidenceDate: optionalDate,
    retainUntil: optionalDate,
    legalHold: z.boolean().optional(),
  })
  .strict();
export type UpdateDocumentBody = z.input<typeof updateDocumentBodySchema>;

/** POST /api/documents/:id/archive */
export const archiveDocumentBodySchema = z
  .object({
    reason: requiredText(1000, 'Please give a reason for archiving', 'The reason'),
  })
  .strict();
export type ArchiveDocumentBody = z.input<typeof archiveDocumentBodySchema>;

export const DOCUMENT_SORTS = recordSortsOf(
  'title',
  'fileName',
  'size',
  'version',
  'evidenceDate',
  'facilityName',
  'taskDueDate',
  'retainUntil',
  'archivedAt',
);

/**
 * GET /api/documents. Active documents by default; `archived=true` lists the archive instead.
 * `search` matches title, description, file name and tags; `tag` is an exact tag (any case).
 */
export const documentListQuerySchema = listQuerySchema(DOCUMENT_SORTS, {
  kind: z.enum(DOCUMENT_KINDS).optional(),
  archived: booleanQuery.optional(),
  taskId: idSchema.optional(),
  requirementId: idSchema.optional(),
  facilityId: idSchema.optional(),
  programAreaId: idSchema.optional(),
  regulationId: idSchema.optional(),
  uploadedBy: idSchema.optional(),
  tag: z.string().trim().min(1).max(TAG_MAX_LENGTH).optional(),
  legalHold: booleanQuery.optional(),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

/** GET /api/documents/tags: existing tags (of documents the caller can see) for suggestions, most used first. */
export const documentTagsQuerySchema = querySchema({
  search: z.string().trim().max(TAG_MAX_LENGTH).optional(),
  kind: z.enum(DOCUMENT_KINDS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const documentTagSchema = z.object({ tag: z.string(), count: z.number().int() });
export const documentTagsResponseSchema = z.object({ data: z.array(documentTagSchema) });

/** GET /api/documents/:id/download */
export const documentDownloadQuerySchema = querySchema({
  /** A former version (default: the current one). */
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** Show a PDF or an image in the browser instead of saving it; ignored for other types. */
  inline: booleanQuery.optional(),
});

/** GET /api/documents/upload-rules: the server's limit and accepted types, for checks before upload. */
export const uploadRulesSchema = z.object({
  maxBytes: z.number().int(),
  accept: z.string(),
  types: z.array(z.object({ extension: z.string(), mediaType: z.string(), preview: z.boolean() })),
});

export const uploadRulesResponseSchema = dataOf(uploadRulesSchema);

export const documentResponseSchema = dataOf(documentDetailSchema);
export const documentPageSchema = pageOf(documentSchema);

/**
 * GET /api/evidence-packs: one ZIP with the evidence of the tasks due in [from, to] of a facility,
 * a requirement and/or a program area (at least one), with an index as CSV and PDF.
 */
export const evidencePackQuerySchema = querySchema({
  facilityId: idSchema.optional(),
  requirementId: idSchema.optional(),
  programAreaId: idSchema.optional(),
  from: calendarDateSchema,
  to: calendarDateSchema,
}).superRefine((query, ctx) => {
  if (!query.facilityId && !query.requirementId && !query.programAreaId) {
    ctx.addIssue({
      code: 'custom',
      path: ['facilityId'],
      message: 'Choose a facility, a requirement or a program area',
    });
  }
  if (query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: '"to" must not be before "from"' });
});
export type EvidencePackQuery = z.infer<typeof evidencePackQuerySchema>;
