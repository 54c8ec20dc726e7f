import {
  CORRECTIVE_ACTION_STATUSES,
  CORRECTIVE_ACTION_TYPES,
  DOCUMENT_KINDS,
  FINDING_SEVERITIES,
  FINDING_SOURCES,
  FINDING_STATUSES,
  ROOT_CAUSE_CATEGORIES,
  FACILITY_STATUSES,
  FACILITY_TYPES,
  JURISDICTIONS,
  PERMIT_TYPES,
  REQUIREMENT_STATUSES,
  ROLES,
  SCHEDULE_MODES,
  TASK_CATEGORIES,
  TASK_FREQUENCIES,
  TASK_STATUSES,
  TIMELINESS,
  WEEKEND_SHIFTS,
} from '@rtms/shared/enums';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditEvent } from '@rtms/shared/schemas/audit';
import { CALENDAR_FEED_SCOPES } from '@rtms/shared/schemas/calendar';
import { REPORT_KINDS, REPORT_SUBSCRIPTION_STOP_REASONS } from '@rtms/shared/schemas/report-subscriptions';
import { REPORT_GROUP_BYS } from '@rtms/shared/schemas/reports';
import {
  EXTENSION_REQUEST_STATUSES,
  REAUTHENTICATION_METHODS,
  SIGNATURE_DECISIONS,
  SIGNATURE_MEANINGS,
} from '@rtms/shared/schemas/reviews';
import type { MessageKey } from '../lib/i18n/messages/en';

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The label, in the interface language, of a field an audit event changed: the one its form shows
 * (already in the six catalogues). Fields of an id carry the name of the object it points to.
 */
const FIELD_LABELS: Record<string, MessageKey> = {
  title: 'requirement.title',
  name: 'facilities.name',
  code: 'facilities.code',
  type: 'facilities.type',
  description: 'requirement.description',
  status: 'data.status',
  active: 'data.active',
  email: 'users.email',
  firstName: 'users.firstName',
  lastName: 'users.lastName',
  role: 'users.role',
  mustChangePassword: 'users.mustChangePassword',
  address: 'facilities.address',
  city: 'facilities.city',
  state: 'facilities.state',
  country: 'facilities.country',
  latitude: 'facilities.latitude',
  longitude: 'facilities.longitude',
  capacityMw: 'facilities.capacityMw',
  commercialOperationDate: 'facilities.commercialOperationDate',
  timeZone: 'facilities.timeZone',
  notes: 'facilities.notes',
  notifyFrom: 'facilities.notifyFrom',
  facilityId: 'task.facility',
  facilityIds: 'requirement.facilities',
  programAreaId: 'requirement.programArea',
  programAreaIds: 'facilities.programAreas',
  regulationId: 'requirement.regulation',
  requirementId: 'task.requirement',
  citation: 'requirement.citation',
  agency: 'regulations.agency',
  jurisdiction: 'regulations.jurisdiction',
  link: 'regulations.link',
  category: 'requirement.category',
  frequency: 'requirement.frequency',
  scheduleMode: 'requirement.scheduleMode',
  firstDueDate: 'requirement.firstDueDate',
  weekendShift: 'requirement.weekendShift',
  leadTimeDays: 'requirement.leadTimeDays',
  graceDays: 'requirement.graceDays',
  evidenceRequired: 'requirement.evidenceRequired',
  minEvidence: 'requirement.minEvidence',
  permitNumber: 'requirement.permitNumber',
  activeFrom: 'requirement.activeFrom',
  activeUntil: 'requirement.activeUntil',
  defaultAssigneeId: 'requirement.defaultAssignee',
  periodDueDays: 'requirement.periodDueDays',
  periodDueDayOfMonth: 'requirement.periodDueDayOfMonth',
  periodStartMonth: 'requirement.periodStartMonth',
  notApplicableReason: 'task.notApplicableReason',
  dueDate: 'task.dueDate',
  scheduledDueDate: 'task.scheduledDueDate',
  periodLabel: 'task.period',
  sequence: 'task.sequence',
  timeliness: 'task.timeliness',
  assigneeId: 'task.assignee',
  userId: 'users.name',
  completedOn: 'task.completedOn',
  completedById: 'task.completedBy',
  completionNote: 'task.completionNote',
  rescheduleReason: 'task.rescheduleReason',
  comment: 'task.comment',
  reason: 'task.reason',
  documentId: 'documents.document',
  kind: 'documents.kind',
  fileName: 'documents.fileName',
  mediaType: 'documents.mediaType',
  sizeBytes: 'documents.sizeBytes',
  tags: 'documents.tags',
  version: 'documents.version',
  retainUntil: 'documents.retainUntil',
  legalHold: 'documents.legalHold',
  date: 'holidays.date',
  source: 'holidays.source',
  facility: 'task.facility',
  holiday: 'audit.field.holiday',
  tasksMoved: 'audit.field.tasksMoved',
  file: 'audit.field.file',
  rows: 'audit.field.rows',
  created: 'audit.field.created',
  updated: 'audit.field.updated',
  unchanged: 'audit.field.unchanged',
  added: 'audit.field.added',
  moved: 'audit.field.moved',
  removed: 'audit.field.removed',
  applicable: 'audit.field.applicable',
  tasks: 'audit.field.tasks',
  requirements: 'audit.field.requirements',
  skipped: 'audit.field.skipped',
  archiveReason: 'audit.field.archiveReason',
  archivedAt: 'audit.field.archivedAt',
  sha256: 'documents.sha256',
  size: 'documents.sizeBytes',
  scope: 'audit.field.scope',
  series: 'audit.field.series',
  handedOverTo: 'audit.field.handedOverTo',
  openTasks: 'audit.field.openTasks',
  requirementDefaults: 'audit.field.requirementDefaults',
  facilityAssignments: 'audit.field.facilityAssignments',
  mfaEnabled: 'audit.field.mfaEnabled',
  mfaRequiredRoles: 'audit.field.mfaRequiredRoles',
  singleSignOn: 'audit.field.singleSignOn',
  singleSignOnRequest: 'audit.field.singleSignOnRequest',
  issuer: 'audit.field.issuer',
  emailVerified: 'audit.field.emailVerified',
  number: 'permits.number',
  issuedOn: 'permits.issuedOn',
  effectiveOn: 'permits.effectiveOn',
  expiresOn: 'permits.expiresOn',
  renewalLeadDays: 'permits.renewalLeadDays',
  renewalSubmittedOn: 'permits.renewalSubmittedOn',
  previousVersionId: 'permits.previousVersion',
  nextVersionId: 'permits.nextVersion',
  terminatedOn: 'permits.terminatedOn',
  terminationReason: 'permits.terminationReason',
  tasksSuperseded: 'permits.tasksSuperseded',
  reference: 'permits.conditionReference',
  text: 'permits.conditionText',
  permitId: 'permits.permit',
  severity: 'findings.severity',
  identifiedOn: 'findings.identifiedOn',
  ownerId: 'findings.owner',
  taskId: 'findings.task',
  findingId: 'findings.finding',
  reportable: 'findings.reportable',
  reportDueDate: 'findings.reportDueDate',
  reportedOn: 'findings.reportedOn',
  rootCause: 'findings.rootCause',
  rootCauseCategory: 'findings.rootCauseCategory',
  daysLate: 'findings.daysLate',
  verifiedBy: 'findings.verifiedBy',
  verifiedOn: 'findings.verifiedOn',
  verificationEffective: 'findings.effective',
  verificationNote: 'findings.verificationNote',
  cancelReason: 'findings.cancelReason',
  taskStatus: 'findings.taskStatus',
  note: 'findings.actionNote',
  dueDateReason: 'findings.actionReason',
  documentIds: 'findings.evidence',
  missedTaskFindings: 'findings.settingsMissed',
  lateCompletionFindings: 'findings.settingsLate',
  reviewRequired: 'review.reviewRequired',
  awaitingReview: 'review.awaitingReviewField',
  decision: 'review.decisionLabel',
  meaning: 'review.meaningLabel',
  method: 'review.methodLabel',
  signedAt: 'review.signedAt',
  evidence: 'review.evidenceCovered',
  requestedDueDate: 'review.requestedDueDate',
  extensionRequest: 'review.extensionRequestField',
  embedUrl: 'reportSettings.url',
  report: 'reports.subscriptions.report',
  format: 'reports.subscriptions.format',
  groupBy: 'reports.groupBy',
  taskFrequency: 'reports.subscriptions.taskFrequency',
  stopReason: 'reports.subscriptions.stopReason',
};

/** Whether a field has a label in the catalogues (the rest are spelled out in English, a last resort). */
export function auditFieldHasLabel(field: string): boolean {
  return field in FIELD_LABELS;
}

/** "notifyFrom" → "Notify from": the last resort for a field no form names. */
function spelledOut(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function auditFieldLabel(t: Translate, field: string): string {
  const key = FIELD_LABELS[field];
  return key ? t(key) : spelledOut(field);
}

/** A shared enumeration's value in words: the message `prefix.VALUE`, for the values of the list only. */
function codes<V extends string>(values: readonly V[], prefix: string) {
  return (value: string): MessageKey | undefined =>
    (values as readonly string[]).includes(value) ? (`${prefix}.${value}` as MessageKey) : undefined;
}

const taskStatus = codes(TASK_STATUSES, 'taskStatus');
const requirementStatus = codes(REQUIREMENT_STATUSES, 'requirementStatus');
const facilityStatus = codes(FACILITY_STATUSES, 'facilityStatus');
const role = codes(ROLES, 'role');
const linkRequestStatus = codes(['PENDING', 'APPROVED', 'REJECTED'] as const, 'linkRequestStatus');
const findingStatus = codes(FINDING_STATUSES, 'findings.status');
const actionStatus = codes(CORRECTIVE_ACTION_STATUSES, 'findings.actionStatus');

/** Coded values of a field, in words: a task's state, a role, a frequency, a holiday's source… */
const VALUE_LABELS: Record<string, (value: string) => MessageKey | undefined> = {
  // One `status` field for tasks, requirements and facilities: their values' words agree where they meet.
  status: (value) =>
    taskStatus(value) ??
    requirementStatus(value) ??
    facilityStatus(value) ??
    linkRequestStatus(value) ??
    findingStatus(value) ??
    actionStatus(value),
  taskStatus,
  severity: codes(FINDING_SEVERITIES, 'findings.severity'),
  rootCauseCategory: codes(ROOT_CAUSE_CATEGORIES, 'findings.rootCauseCategory'),
  timeliness: codes(TIMELINESS, 'timeliness'),
  role,
  mfaRequiredRoles: role,
  frequency: codes(TASK_FREQUENCIES, 'frequency'),
  category: codes(TASK_CATEGORIES, 'category'),
  scheduleMode: codes(SCHEDULE_MODES, 'scheduleMode'),
  weekendShift: codes(WEEKEND_SHIFTS, 'weekendShift'),
  // A facility's type, a permit's or a corrective action's: their codes meet only on OTHER, whose words agree.
  type: (value) =>
    codes(FACILITY_TYPES, 'facilityType')(value) ??
    codes(PERMIT_TYPES, 'permitType')(value) ??
    codes(CORRECTIVE_ACTION_TYPES, 'findings.actionType')(value),
  jurisdiction: codes(JURISDICTIONS, 'jurisdiction'),
  kind: codes(DOCUMENT_KINDS, 'documentKind'),
  scope: codes(CALENDAR_FEED_SCOPES, 'feeds.scope'),
  source: (value) =>
    codes(['LIBRARY', 'ADDED'] as const, 'holidays.source')(value) ?? codes(FINDING_SOURCES, 'findings.source')(value),
  decision: codes(SIGNATURE_DECISIONS, 'review.decision'),
  meaning: codes(SIGNATURE_MEANINGS, 'review.meaning'),
  method: codes(REAUTHENTICATION_METHODS, 'review.method'),
  extensionRequest: codes(EXTENSION_REQUEST_STATUSES, 'review.extensionStatus'),
  report: codes(REPORT_KINDS, 'reports.subscriptions'),
  taskFrequency: codes(TASK_FREQUENCIES, 'frequency'),
  groupBy: codes(REPORT_GROUP_BYS, 'reports.groupBy'),
  stopReason: codes(REPORT_SUBSCRIPTION_STOP_REASONS, 'reports.subscriptions.stopReason'),
};

/** A field's value in words: its coded value's label, else its text (the name of an id, a list, an object). */
export function auditFieldValueText(
  field: string,
  value: unknown,
  names: AuditEvent['valueNames'] = {},
  t?: Translate,
): string {
  const label = VALUE_LABELS[field];
  if (t && label && typeof value === 'string') {
    const key = label(value);
    if (key) return t(key);
  }
  if (t && label && Array.isArray(value) && value.length > 0)
    return value.map((item) => auditFieldValueText(field, item, names, t)).join(', ');
  return auditValueText(value, names, t);
}

/** An action's label (its code when it is not one of the list, as in an event newer than this screen). */
export function auditActionLabel(t: Translate, action: string): string {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`auditAction.${action}` as MessageKey) : action;
}

export function auditEntityLabel(t: Translate, entityType: string): string {
  return (AUDIT_ENTITY_TYPES as readonly string[]).includes(entityType)
    ? t(`auditEntity.${entityType}` as MessageKey)
    : entityType;
}

/** What the event is about, in words: the name it kept, else the entity's name, title, email or code in the change. */
export function auditSubject(event: Pick<AuditEvent, 'entityName' | 'changes'>): string {
  if (event.entityName) return event.entityName;
  for (const field of ['name', 'title', 'email', 'code', 'firstName']) {
    const change = event.changes[field];
    const value = change?.after ?? change?.before;
    if (typeof value === 'string' && value) return value;
  }
  return '';
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?Z$/;

/**
 * A changed value as text: the name of the object an id points to, "—" for none, and an object (a holiday,
 * an import's file and counts, a facility's binding to a requirement) as "Label: value" pairs in words,
 * never JSON. Without `t` (the Audit Trail's cells before the labels load) the keys are spelled out.
 */
export function auditValueText(value: unknown, names: AuditEvent['valueNames'] = {}, t?: Translate): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value) && value.length === 0) return '—';
  if (typeof value === 'string') {
    // A recorded instant (an archiving's time) as a date and UTC time, not ISO-8601's T…Z.
    const instant = INSTANT.exec(value);
    return names[value] ?? (instant ? `${instant[1]} ${instant[2]} UTC` : value);
  }
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return t ? t(value ? 'data.yes' : 'data.no') : String(value);
  if (Array.isArray(value))
    return value
      .map((item) => auditValueText(item, names, t))
      .join(value.every((item) => typeof item === 'string') ? ', ' : '; ');
  if (typeof value === 'object') {
    return (
      Object.entries(value as Record<string, unknown>)
        // A recorded object's own `id` (a sign-in link request's) names nothing a reader knows: left out.
        .filter(([key, inner]) => key !== 'id' && inner !== null && inner !== undefined && inner !== '')
        .map(
          ([key, inner]) =>
            `${t ? auditFieldLabel(t, key) : spelledOut(key)}: ${auditFieldValueText(key, inner, names, t)}`,
        )
        .join(', ')
    );
  }
  return String(value);
}

/** Every change of an event as lines "Field: before → after", for the CSV and Excel exports. */
export function auditChangeLines(t: Translate, event: Pick<AuditEvent, 'changes' | 'valueNames'>): string {
  return Object.entries(event.changes)
    .map(
      ([field, change]) =>
        `${auditFieldLabel(t, field)}: ${auditFieldValueText(field, change.before, event.valueNames, t)} → ${auditFieldValueText(field, change.after, event.valueNames, t)}`,
    )
    .join('\n');
}
