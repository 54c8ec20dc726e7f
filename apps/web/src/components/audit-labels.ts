import type { AuditEvent } from '@rtms/shared/schemas/audit';
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
};

/** "notifyFrom" → "Notify from": the last resort for a field no form names. */
function spelledOut(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function auditFieldLabel(t: Translate, field: string): string {
  const key = FIELD_LABELS[field];
  return key ? t(key) : spelledOut(field);
}

/** Coded values inside recorded objects, in words (a holiday's source). */
const VALUE_LABELS: Record<string, Record<string, MessageKey>> = {
  source: { LIBRARY: 'holidays.source.LIBRARY', ADDED: 'holidays.source.ADDED' },
};

/**
 * A changed value as text: the name of the object an id points to, "—" for none, and an object (a holiday,
 * an import's file and counts, a facility's binding to a requirement) as "Label: value" pairs in words,
 * never JSON. Without `t` (the Audit Trail's cells before the labels load) the keys are spelled out.
 */
export function auditValueText(value: unknown, names: AuditEvent['valueNames'] = {}, t?: Translate): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value) && value.length === 0) return '—';
  if (typeof value === 'string') return names[value] ?? value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return t ? t(value ? 'data.yes' : 'data.no') : String(value);
  if (Array.isArray(value))
    return value
      .map((item) => auditValueText(item, names, t))
      .join(value.every((item) => typeof item === 'string') ? ', ' : '; ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== null && inner !== undefined && inner !== '')
      .map(([key, inner]) => {
        const coded = typeof inner === 'string' ? VALUE_LABELS[key]?.[inner] : undefined;
        const text = coded && t ? t(coded) : auditValueText(inner, names, t);
        return `${t ? auditFieldLabel(t, key) : spelledOut(key)}: ${text}`;
      })
      .join(', ');
  }
  return String(value);
}

/** Every change of an event as lines "Field: before → after", for the CSV and Excel exports. */
export function auditChangeLines(t: Translate, event: Pick<AuditEvent, 'changes' | 'valueNames'>): string {
  return Object.entries(event.changes)
    .map(
      ([field, change]) =>
        `${auditFieldLabel(t, field)}: ${auditValueText(change.before, event.valueNames, t)} → ${auditValueText(change.after, event.valueNames, t)}`,
    )
    .join('\n');
}
