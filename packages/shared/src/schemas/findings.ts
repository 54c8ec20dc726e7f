import { z } from 'zod';
import {
  CORRECTIVE_ACTION_STATUSES,
  CORRECTIVE_ACTION_TYPES,
  FINDING_SEVERITIES,
  FINDING_SOURCES,
  FINDING_STATUSES,
  MANUAL_FINDING_SOURCES,
  ROOT_CAUSE_CATEGORIES,
} from '../enums';
import {
  booleanQuery,
  calendarDateSchema,
  dataOf,
  idSchema,
  instantSchema,
  listQuerySchema,
  optionalText,
  pageOf,
  querySchema,
  recordSchema,
  requiredText,
  sortsOf,
} from './common';
import { auditChangesSchema } from './audit';

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { message: `${what} must be one of ${values.join(', ')}` });

/**
 * A corrective action of a finding: a deadline of its owner. `overdue` is derived (open and due before today in
 * the facility's time zone); `documentIds` are the evidence its owner attached when completing it.
 */
export const correctiveActionSchema = recordSchema({
  findingId: idSchema,
  findingTitle: z.string(),
  facilityId: idSchema,
  facilityName: z.string(),
  title: z.string(),
  type: z.enum(CORRECTIVE_ACTION_TYPES),
  ownerId: idSchema,
  ownerName: z.string(),
  dueDate: z.string(),
  /** Why the due date was last moved (the owner asked for a later date). */
  dueDateReason: z.string().nullable(),
  status: z.enum(CORRECTIVE_ACTION_STATUSES),
  completedOn: z.string().nullable(),
  note: z.string().nullable(),
  overdue: z.boolean(),
  documentIds: z.array(idSchema),
});
export type CorrectiveAction = z.infer<typeof correctiveActionSchema>;

/** Who verified a finding's fix, when, whether it was effective and what they noted. */
export const findingVerificationSchema = z.object({
  by: idSchema.nullable(),
  byName: z.string().nullable(),
  on: z.string(),
  effective: z.boolean(),
  note: z.string().nullable(),
});

/**
 * A finding: something that slipped (a missed or late task) or was found (audit, inspection, agency notice), with
 * its root cause, its corrective actions and their verification. `daysLate` is stated for a late completion.
 */
export const findingSchema = recordSchema({
  facilityId: idSchema,
  facilityName: z.string(),
  source: z.enum(FINDING_SOURCES),
  taskId: idSchema.nullable(),
  taskTitle: z.string().nullable(),
  requirementId: idSchema.nullable(),
  permitId: idSchema.nullable(),
  /** The permit's number and title, as its register shows it ("WP-12 · Stormwater"); null without one. */
  permitLabel: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  severity: z.enum(FINDING_SEVERITIES),
  identifiedOn: z.string(),
  ownerId: idSchema.nullable(),
  ownerName: z.string().nullable(),
  reportable: z.boolean(),
  reportDueDate: z.string().nullable(),
  reportedOn: z.string().nullable(),
  rootCause: z.string().nullable(),
  rootCauseCategory: z.enum(ROOT_CAUSE_CATEGORIES).nullable(),
  status: z.enum(FINDING_STATUSES),
  daysLate: z.number().int().nullable(),
  verification: findingVerificationSchema.nullable(),
  cancelReason: z.string().nullable(),
  openActions: z.number().int(),
  overdueActions: z.number().int(),
});
export type Finding = z.infer<typeof findingSchema>;

/** One entry of a finding's history (its own events and its actions'), from the audit trail. */
export const findingHistoryEntrySchema = z.object({
  _id: idSchema,
  at: instantSchema,
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityName: z.string().nullable(),
  changes: auditChangesSchema,
  /** Names of the objects the changed values point to, by id. */
  valueNames: z.record(z.string(), z.string()),
});
export type FindingHistoryEntry = z.infer<typeof findingHistoryEntrySchema>;

/** A finding as read alone: with its actions and history. */
export const findingDetailSchema = findingSchema.extend({
  actions: z.array(correctiveActionSchema),
  history: z.array(findingHistoryEntrySchema),
});
export type FindingDetail = z.infer<typeof findingDetailSchema>;

export const FINDING_SORTS = sortsOf(
  'identifiedOn',
  'severity',
  'status',
  'title',
  'source',
  'reportDueDate',
  'createdAt',
  'updatedAt',
);

/**
 * GET /api/findings: `open=true` keeps the statuses still to be dealt with, `overdueActions=true` the findings
 * with an open action past its due date, `reportPending=true` the reportable ones not yet reported; `search`
 * matches the title, description, root cause and the task's title.
 */
export const findingListQuerySchema = listQuerySchema(FINDING_SORTS, {
  facilityId: idSchema.optional(),
  source: oneOf(FINDING_SOURCES, 'Source').optional(),
  severity: oneOf(FINDING_SEVERITIES, 'Severity').optional(),
  status: oneOf(FINDING_STATUSES, 'Status').optional(),
  ownerId: idSchema.optional(),
  taskId: idSchema.optional(),
  permitId: idSchema.optional(),
  overdueActions: booleanQuery.optional(),
  open: booleanQuery.optional(),
  highSeverity: booleanQuery.optional(),
  reportPending: booleanQuery.optional(),
});
export type FindingListQuery = z.infer<typeof findingListQuerySchema>;

const titleSchema = requiredText(300, 'Please enter a title', 'Title');
const severitySchema = oneOf(FINDING_SEVERITIES, 'Severity');

/** Reportable findings name the date their report to the agency is due. */
function reportDueDateNeeded(
  body: { reportable?: boolean | null; reportDueDate?: string | null },
  ctx: z.RefinementCtx,
) {
  if (body.reportable && !body.reportDueDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['reportDueDate'],
      message: 'A reportable finding needs its report due date',
    });
  }
}

/** POST /api/findings: by hand, one of the manual sources (the automatic ones are the server's). */
export const createFindingBodySchema = z
  .object({
    facilityId: idSchema,
    source: oneOf(MANUAL_FINDING_SOURCES, 'Source'),
    title: titleSchema,
    description: optionalText(5000, 'Description'),
    severity: severitySchema,
    identifiedOn: calendarDateSchema,
    ownerId: idSchema.nullable().optional(),
    taskId: idSchema.nullable().optional(),
    permitId: idSchema.nullable().optional(),
    reportable: z.boolean().optional(),
    reportDueDate: calendarDateSchema.nullable().optional(),
  })
  .strict()
  .superRefine(reportDueDateNeeded);
export type CreateFindingBody = z.input<typeof createFindingBodySchema>;

/** PATCH /api/findings/:id: the finding's own fields, its root cause and its report. */
export const updateFindingBodySchema = z
  .object({
    title: titleSchema.optional(),
    description: optionalText(5000, 'Description'),
    severity: severitySchema.optional(),
    identifiedOn: calendarDateSchema.optional(),
    ownerId: idSchema.nullable().optional(),
    rootCause: optionalText(5000, 'Root cause'),
    rootCauseCategory: oneOf(ROOT_CAUSE_CATEGORIES, 'Root cause category').nullable().optional(),
    /** A permit of the finding's facility; null: none. */
    permitId: idSchema.nullable().optional(),
    reportable: z.boolean().optional(),
    reportDueDate: calendarDateSchema.nullable().optional(),
    reportedOn: calendarDateSchema.nullable().optional(),
  })
  .strict()
  .superRefine(reportDueDateNeeded);
export type UpdateFindingBody = z.input<typeof updateFindingBodySchema>;

/** POST /api/findings/:id/verify: a fix found not effective says why. */
export const verifyFindingBodySchema = z
  .object({
    effective: z.boolean({ message: 'Say whether the fix was effective (true or false)' }),
    note: optionalText(2000, 'Note'),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.effective === false && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say why the fix was not effective' });
    }
  });
export type VerifyFindingBody = z.input<typeof verifyFindingBodySchema>;

/** POST /api/findings/:id/cancel */
export const cancelFindingBodySchema = z
  .object({ reason: requiredText(2000, 'Please give the reason for cancelling', 'Reason') })
  .strict();

/** POST /api/findings/:id/actions */
export const createCorrectiveActionBodySchema = z
  .object({
    title: titleSchema,
    type: oneOf(CORRECTIVE_ACTION_TYPES, 'Type'),
    ownerId: idSchema,
    dueDate: calendarDateSchema,
  })
  .strict();
export type CreateCorrectiveActionBody = z.input<typeof createCorrectiveActionBodySchema>;

/**
 * PATCH /api/corrective-actions/:id. Its owner completes it (`status: DONE` with a `note`, `completedOn` and
 * evidence `documentIds`), or asks for a later `dueDate` with a `reason`; the finding's managers may also change
 * its title, type and owner, or cancel it.
 */
export const updateCorrectiveActionBodySchema = z
  .object({
    status: oneOf(CORRECTIVE_ACTION_STATUSES, 'Status').optional(),
    completedOn: calendarDateSchema.nullable().optional(),
    note: optionalText(2000, 'Note'),
    dueDate: calendarDateSchema.optional(),
    reason: optionalText(2000, 'Reason'),
    documentIds: z.array(idSchema).max(20, 'At most 20 documents').nullable().optional(),
    title: titleSchema.optional(),
    type: oneOf(CORRECTIVE_ACTION_TYPES, 'Type').optional(),
    ownerId: idSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.dueDate && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the action needs a later date' });
    }
    if (body.status === 'DONE' && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say what was done' });
    }
  });
export type UpdateCorrectiveActionBody = z.input<typeof updateCorrectiveActionBodySchema>;

export const CORRECTIVE_ACTION_SORTS = sortsOf('dueDate', 'status', 'title', 'createdAt');

/**
 * GET /api/corrective-actions: the actions in the caller's scope (`ownerId` = mine for "my actions"); `dueFrom` and
 * `dueTo` (inclusive) make it the calendar's layer of action deadlines.
 */
export const correctiveActionListQuerySchema = listQuerySchema(CORRECTIVE_ACTION_SORTS, {
  status: oneOf(CORRECTIVE_ACTION_STATUSES, 'Status').optional(),
  dueFrom: calendarDateSchema.optional(),
  dueTo: calendarDateSchema.optional(),
  overdue: booleanQuery.optional(),
  ownerId: idSchema.optional(),
  facilityId: idSchema.optional(),
  findingId: idSchema.optional(),
});
export type CorrectiveActionListQuery = z.infer<typeof correctiveActionListQuerySchema>;

/** Whether each automatic source opens findings (GET and PUT /api/finding-settings). */
export const findingSettingsSchema = z
  .object({ missedTaskFindings: z.boolean(), lateCompletionFindings: z.boolean() })
  .strict();
export type FindingSettings = z.infer<typeof findingSettingsSchema>;

export const findingResponseSchema = dataOf(findingDetailSchema);
export const findingPageSchema = pageOf(findingSchema);
export const correctiveActionResponseSchema = dataOf(correctiveActionSchema);
export const correctiveActionPageSchema = pageOf(correctiveActionSchema);
export const findingSettingsResponseSchema = dataOf(findingSettingsSchema);

/**
 * GET /api/findings/summary?facilityId=: the findings figures of the dashboard and a facility's page. Each is the
 * total of the findings list under the query `FINDING_FIGURE_QUERIES` names, so a figure and its list agree.
 */
export const findingSummaryQuerySchema = querySchema({ facilityId: idSchema.optional() });
export const findingSummarySchema = z.object({
  open: z.number().int(),
  openHighSeverity: z.number().int(),
  withOverdueActions: z.number().int(),
  reportPending: z.number().int(),
});
export type FindingSummary = z.infer<typeof findingSummarySchema>;
export const findingSummaryResponseSchema = dataOf(findingSummarySchema);

/** The findings list query each figure counts (with the facility's id on a facility's page). */
export const FINDING_FIGURE_QUERIES = {
  open: { open: 'true' },
  openHighSeverity: { open: 'true', highSeverity: 'true' },
  withOverdueActions: { overdueActions: 'true' },
  reportPending: { reportPending: 'true' },
} as const satisfies Record<keyof FindingSummary, Record<string, string>>;
