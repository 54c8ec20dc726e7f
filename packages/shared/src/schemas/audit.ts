import { z } from 'zod';
import { isCalendarDate } from '../calendar-date';
import { dataOf, instantSchema, listQuerySchema, pageOf, recordSchema, sortsOf } from './common';

/** Entity types written to the audit trail (the server writes no other: AuditEventInput is typed by it). */
export const AUDIT_ENTITY_TYPES = [
  'USER',
  'FACILITY',
  'USER_FACILITY',
  'REGULATION',
  'PROGRAM_AREA',
  'REQUIREMENT',
  'TASK',
  'TASK_GENERATION',
  'DOCUMENT',
  'FACILITY_HOLIDAY',
  'CALENDAR_FEED',
  'SECURITY_SETTINGS',
  'PERMIT',
  'PERMIT_CONDITION',
  'FINDING',
  'CORRECTIVE_ACTION',
  'FINDING_SETTINGS',
  'ACCESS_TOKEN',
  'REPORT_SETTINGS',
  'REPORT_SUBSCRIPTION',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Actions written to the audit trail. */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'DEACTIVATE',
  'REACTIVATE',
  'ROLE_CHANGE',
  'PASSWORD_RESET',
  'PASSWORD_CHANGE',
  'ASSIGN',
  'UNASSIGN',
  'COMPLETE',
  'REOPEN',
  'ARCHIVE',
  'RESTORE',
  'RETIRE',
  'COMMENT',
  'GENERATE',
  'HAND_OVER',
  'IMPORT',
  'MFA_ENABLE',
  'MFA_DISABLE',
  'MFA_RESET',
  'TERMINATE',
  'VERIFY',
  'CLOSE',
  'CANCEL',
  'SIGN',
  'EXTENSION_REQUEST',
  'EXTENSION_DECISION',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** `{field: {before, after}}`; a created entity has `before: null`, a deleted one `after: null`. */
export const auditChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

/**
 * One event of the append-only audit trail. `hash` = SHA-256 of `prevHash` followed by the canonical
 * JSON of the event's content, so that a changed or deleted past event breaks the chain.
 */
export const auditEventSchema = recordSchema({
  seq: z.number().int(),
  at: instantSchema,
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  facilityId: z.string().nullable(),
  /** Names as they were when the event was written (null in events older than this record). */
  actorName: z.string().nullable(),
  facilityName: z.string().nullable(),
  entityName: z.string().nullable(),
  /**
   * Names of the objects the changed values point to, by id (an assignee, a facility…), as they were
   * when the event was written; empty in older events.
   */
  valueNames: z.record(z.string(), z.string()),
  changes: auditChangesSchema,
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** A calendar date (whole day, UTC) or an ISO-8601 instant. */
const instantOrDateSchema = z
  .string()
  .trim()
  .refine(
    (value) => isCalendarDate(value) || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))),
    'Use a date (YYYY-MM-DD) or an ISO-8601 instant',
  );

export const AUDIT_SORTS = sortsOf('at');

/**
 * GET /api/audit: newest first by default. `from`/`to` are inclusive (a date covers its whole UTC day).
 * Facility roles see only events of their facilities.
 */
export const auditListQuerySchema = listQuerySchema(AUDIT_SORTS, {
  entityType: z.string().trim().max(64).optional(),
  entityId: z.string().trim().max(64).optional(),
  actorId: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  facilityId: z.string().trim().max(64).optional(),
  from: instantOrDateSchema.optional(),
  to: instantOrDateSchema.optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditPageSchema = pageOf(auditEventSchema);

/** GET /api/audit/verify: whether every event's hash and link to its predecessor still hold. */
export const auditVerifySchema = z.object({
  intact: z.boolean(),
  checked: z.number().int(),
  firstBrokenId: z.string().optional(),
});
export type AuditVerifyResult = z.infer<typeof auditVerifySchema>;
export const auditVerifyResponseSchema = dataOf(auditVerifySchema);
