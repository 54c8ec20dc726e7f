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

/** A changed value as text: the name of the object an id points to, JSON for objects, "—" for none. */
export function auditValueText(value: unknown, names: AuditEvent['valueNames'] = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value) && value.length === 0) return '—';
  if (typeof value === 'string') return names[value] ?? value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.map((item: string) => names[item] ?? item).join(', ');
  }
  return JSON.stringify(value);
}

/** Every change of an event as lines "Field: before → after", for the CSV and Excel exports. */
export function auditChangeLines(t: Translate, event: Pick<AuditEvent, 'changes' | 'valueNames'>): string {
  return Object.entries(event.changes)
    .map(
      ([field, change]) =>
        `${auditFieldLabel(t, field)}: ${auditValueText(change.before, event.valueNames)} → ${auditValueText(change.after, event.valueNames)}`,
    )
    .join('\n');
}
