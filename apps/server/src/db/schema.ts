import type { Insertable, Kysely, Updateable } from 'kysely';
import type { UsersTable } from '../features/users/users.table';
import type { SessionsTable } from '../features/sessions/sessions.table';
import type { LoginThrottleTable } from '../features/auth/login-throttle.table';
import type { FacilitiesTable, FacilityProgramAreasTable } from '../features/facilities/facilities.table';
import type { ProgramAreasTable } from '../features/program-areas/program-areas.table';
import type { RegulationsTable } from '../features/regulations/regulations.table';
import type { UserFacilitiesTable } from '../features/user-facilities/user-facilities.table';
import type { AuditEventsTable } from '../features/audit/audit.table';
import type { RequirementFacilitiesTable, RequirementsTable } from '../features/requirements/requirements.table';
import type { TaskCommentsTable, TaskFacilityRevisionsTable, TasksTable } from '../features/tasks/tasks.table';
import type { JobLeasesTable } from '../features/jobs/jobs.table';
import type { RateLimitBucketsTable } from '../platform/rate-limit.table';
import type { FacilityHolidayChangesTable } from '../features/holidays/holidays.table';
import type { CalendarFeedsTable } from '../features/calendar/calendar-feeds.table';
import type { AccessTokensTable } from '../features/access-tokens/access-tokens.table';
import type { ReportSettingsTable } from '../features/report-embed/report-settings.table';
import type {
  AppSecretsTable,
  NotificationDeliveriesTable,
  NotificationPreferencesTable,
  NotificationsTable,
  ReminderPoliciesTable,
} from '../features/notifications/notifications.table';
import type { PermitConditionsTable, PermitLinkColumns, PermitsTable } from '../features/permits/permits.table';
import type { DocumentsTable, DocumentTagsTable, DocumentVersionsTable } from '../features/documents/documents.table';

import type {
  MfaChallengesTable,
  SecuritySettingsTable,
  UserMfaBackupCodesTable,
  UserMfaTable,
} from '../features/mfa/mfa.table';

import type { RevisionCounterTable } from './columns';
import type {
  CorrectiveActionDocumentsTable,
  CorrectiveActionsTable,
  FindingSettingsTable,
  FindingsTable,
} from '../features/findings/findings.table';
import type { ExtensionRequestsTable, TaskSignaturesTable } from '../features/reviews/reviews.table';
import type { OidcLinkRequestsTable, OidcLoginsTable, UserIdentitiesTable } from '../features/oidc/oidc.table';

/** Every table of the database, keyed by its (snake_case) name; columns are camelCase via CamelCasePlugin. */
import type { ReportDeliveriesTable, ReportSubscriptionsTable } from '../features/reports/report-subscriptions.table';

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  facilities: FacilitiesTable;
  facility_program_areas: FacilityProgramAreasTable;
  program_areas: ProgramAreasTable;
  regulations: RegulationsTable;
  user_facilities: UserFacilitiesTable;
  audit_events: AuditEventsTable;
  /** With the permit and condition a requirement comes from (migration 0190). */
  requirements: RequirementsTable & PermitLinkColumns & { conditionId: string | null };
  requirement_facilities: RequirementFacilitiesTable;
  tasks: TasksTable;
  task_comments: TaskCommentsTable;
  /** Grows with every change to `tasks`. */
  tasks_revision: RevisionCounterTable;
  /** Grows with every change to the requirements' and facilities' search texts (migration 0140). */
  search_texts_revision: RevisionCounterTable;
  /** Grows with every change to the records that label list rows (migration 0170). */
  labels_revision: RevisionCounterTable;
  task_facility_revisions: TaskFacilityRevisionsTable;
  job_leases: JobLeasesTable;
  /** With the permit a document belongs to (migration 0190). */
  documents: DocumentsTable & PermitLinkColumns;
  permits: PermitsTable;
  permit_conditions: PermitConditionsTable;
  /** Grows with every change to documents and their tags. */
  documents_revision: RevisionCounterTable;
  /** Migration 0271: bumped by every write to what the reports' open findings count reads. */
  findings_revision: RevisionCounterTable;
  document_versions: DocumentVersionsTable;
  document_tags: DocumentTagsTable;
  rate_limit_buckets: RateLimitBucketsTable;
  facility_holiday_changes: FacilityHolidayChangesTable;
  calendar_feeds: CalendarFeedsTable;
  user_mfa: UserMfaTable;
  user_mfa_backup_codes: UserMfaBackupCodesTable;
  mfa_challenges: MfaChallengesTable;
  security_settings: SecuritySettingsTable;
  user_identities: UserIdentitiesTable;
  oidc_logins: OidcLoginsTable;
  oidc_link_requests: OidcLinkRequestsTable;
  reminder_policies: ReminderPoliciesTable;
  notification_preferences: NotificationPreferencesTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  app_secrets: AppSecretsTable;
  findings: FindingsTable;
  corrective_actions: CorrectiveActionsTable;
  corrective_action_documents: CorrectiveActionDocumentsTable;
  finding_settings: FindingSettingsTable;
  task_signatures: TaskSignaturesTable;
  extension_requests: ExtensionRequestsTable;
  access_tokens: AccessTokensTable;
  report_settings: ReportSettingsTable;
  report_subscriptions: ReportSubscriptionsTable;
  report_deliveries: ReportDeliveriesTable;
}

/** The database handle every repository takes. */
export type Db = Kysely<Database>;

/** What an insert into `table` takes (a feature's select row is its table file's `…Row`). */
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;

/** What an update of `table` may set. */
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
