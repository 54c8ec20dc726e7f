import type { Selectable } from 'kysely';
import type {
  CorrectiveActionStatus,
  CorrectiveActionType,
  FindingSeverity,
  FindingSource,
  FindingStatus,
  RootCauseCategory,
} from '@rtms/shared/enums';
import type { TimestampColumns } from '../../db/columns';

/** A finding (migration 0200). `autoKey` is unique: `<source>:<task id>` for an automatic one, null by hand. */
export interface FindingsTable extends TimestampColumns {
  id: string;
  facilityId: string;
  source: FindingSource;
  autoKey: string | null;
  taskId: string | null;
  requirementId: string | null;
  /** The permit the finding is about, of the finding's facility (foreign key since migration 0260). */
  permitId: string | null;
  title: string;
  description: string | null;
  severity: FindingSeverity;
  identifiedOn: string;
  ownerId: string | null;
  reportable: number;
  reportDueDate: string | null;
  reportedOn: string | null;
  rootCause: string | null;
  rootCauseCategory: RootCauseCategory | null;
  status: FindingStatus;
  /** Days after the due date a late completion came (LATE_COMPLETION findings). */
  daysLate: number | null;
  verifiedBy: string | null;
  verifiedOn: string | null;
  verificationEffective: number | null;
  verificationNote: string | null;
  cancelReason: string | null;
  searchText: string;
}

export interface CorrectiveActionsTable extends TimestampColumns {
  id: string;
  findingId: string;
  /** The finding's facility, kept on the action for the scope of the action lists, calendar and reminders. */
  facilityId: string;
  title: string;
  type: CorrectiveActionType;
  ownerId: string;
  dueDate: string;
  dueDateReason: string | null;
  status: CorrectiveActionStatus;
  completedOn: string | null;
  note: string | null;
}

/** An evidence document attached to a corrective action. */
export interface CorrectiveActionDocumentsTable {
  actionId: string;
  documentId: string;
  createdAt: string;
}

/** One row (id 1): whether each automatic source opens findings (1) or not (0). */
export interface FindingSettingsTable {
  id: number;
  missedTaskFindings: number;
  lateCompletionFindings: number;
  updatedAt: string | null;
}

export type FindingRow = Selectable<FindingsTable>;
export type CorrectiveActionRow = Selectable<CorrectiveActionsTable>;
