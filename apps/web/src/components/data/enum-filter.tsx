import {
  CORRECTIVE_ACTION_STATUSES,
  DOCUMENT_KINDS,
  FINDING_SEVERITIES,
  FINDING_SOURCES,
  FINDING_STATUSES,
  FACILITY_STATUSES,
  FACILITY_TYPES,
  JURISDICTIONS,
  PERMIT_STATUSES,
  PERMIT_TYPES,
  REQUIREMENT_STATUSES,
  ROLES,
  TASK_CATEGORIES,
  TASK_FREQUENCIES,
  TASK_STATUSES,
  TIMELINESS,
} from '@rtms/shared/enums';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@rtms/shared/schemas/audit';
import { DELIVERY_KINDS, DELIVERY_STATUSES, NOTIFICATION_CATEGORIES } from '@rtms/shared/schemas/notifications';
import type { MessageKey } from '../../lib/i18n/messages/en';
import { useT } from '../../lib/i18n/use-t';
import { UrlFilterSelect } from './url-filters';
import type { TableUrlState } from './use-table-url-state';

/** A shared enumeration a list filters on: its values, the filter's label and the label of each value. */
type Enumeration = { values: readonly string[]; label: MessageKey; labelOf: (value: string) => MessageKey };

/** Checks each value's message key against the enumeration's own values. */
function enumeration<V extends string>(
  values: readonly V[],
  label: MessageKey,
  labelOf: (value: V) => MessageKey,
): Enumeration {
  return { values, label, labelOf: (value) => labelOf(value as V) };
}

const ENUMERATIONS = {
  auditAction: enumeration(AUDIT_ACTIONS, 'audit.action', (value) => `auditAction.${value}`),
  auditEntity: enumeration(AUDIT_ENTITY_TYPES, 'audit.entityType', (value) => `auditEntity.${value}`),
  deliveryStatus: enumeration(DELIVERY_STATUSES, 'deliveries.status', (value) => `deliveries.status.${value}`),
  deliveryKind: enumeration(DELIVERY_KINDS, 'deliveries.kind', (value) => `deliveries.kind.${value}`),
  documentKind: enumeration(DOCUMENT_KINDS, 'documents.kind', (value) => `documentKind.${value}`),
  findingSource: enumeration(FINDING_SOURCES, 'findings.source', (value) => `findings.source.${value}`),
  findingSeverity: enumeration(FINDING_SEVERITIES, 'findings.severity', (value) => `findings.severity.${value}`),
  findingStatus: enumeration(FINDING_STATUSES, 'findings.status', (value) => `findings.status.${value}`),
  correctiveActionStatus: enumeration(
    CORRECTIVE_ACTION_STATUSES,
    'findings.actionStatus',
    (value) => `findings.actionStatus.${value}`,
  ),
  facilityStatus: enumeration(FACILITY_STATUSES, 'data.status', (value) => `facilityStatus.${value}`),
  facilityType: enumeration(FACILITY_TYPES, 'facilities.type', (value) => `facilityType.${value}`),
  jurisdiction: enumeration(JURISDICTIONS, 'regulations.jurisdiction', (value) => `jurisdiction.${value}`),
  notificationCategory: enumeration(
    NOTIFICATION_CATEGORIES,
    'notifications.kind',
    (value) => `notifications.category.${value}`,
  ),
  permitStatus: enumeration(PERMIT_STATUSES, 'data.status', (value) => `permitStatus.${value}`),
  permitType: enumeration(PERMIT_TYPES, 'permits.type', (value) => `permitType.${value}`),
  requirementStatus: enumeration(REQUIREMENT_STATUSES, 'data.status', (value) => `requirementStatus.${value}`),
  role: enumeration(ROLES, 'users.role', (value) => `role.${value}`),
  taskCategory: enumeration(TASK_CATEGORIES, 'requirement.category', (value) => `category.${value}`),
  taskFrequency: enumeration(TASK_FREQUENCIES, 'requirement.frequency', (value) => `frequency.${value}`),
  taskStatus: enumeration(TASK_STATUSES, 'data.status', (value) => `taskStatus.${value}`),
  timeliness: enumeration(TIMELINESS, 'task.timeliness', (value) => `timeliness.${value}`),
} satisfies Record<string, Enumeration>;

/**
 * A toolbar select over one of the shared enumerations (a task's category, a facility's type…), bound to the
 * filter `name` of the table's URL state, with the enumeration's label and the label of each value.
 */
export function UrlEnumFilter<F extends string>({
  state,
  name,
  of,
}: {
  state: Pick<TableUrlState<F>, 'filters' | 'setFilter'>;
  name: F;
  of: keyof typeof ENUMERATIONS;
}) {
  const t = useT();
  const { values, label, labelOf } = ENUMERATIONS[of];
  return (
    <UrlFilterSelect
      state={state}
      name={name}
      label={t(label)}
      options={values.map((value) => ({ value, label: t(labelOf(value)) }))}
    />
  );
}
