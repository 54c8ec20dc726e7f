import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './database';
import type { Database } from './schema';
import { migration0001Initial } from './migrations/0001-initial';
import { migration0002Directory } from './migrations/0002-directory';
import { migration0010RequirementsTasks } from './migrations/0010-requirements-tasks';
import { migration0020Documents } from './migrations/0020-documents';
import { migration0030CalendarFeeds } from './migrations/0030-calendar-feeds';
import { migration0040Notifications } from './migrations/0040-notifications';
import { migration0050Security } from './migrations/0050-security';
import { migration0055MfaOidc } from './migrations/0055-mfa-oidc';
import { migration0060PeriodEndHolidays } from './migrations/0060-period-end-holidays';
import { migration0080AuditNames } from './migrations/0080-audit-names';
import { migration0090TaskFacilityRevisions } from './migrations/0090-task-facility-revisions';
import { migration0100ListIndexes } from './migrations/0100-list-indexes';
import { migration0101DocumentsRevision } from './migrations/0101-documents-revision';
import { migration0110NotificationLists } from './migrations/0110-notification-lists';
import { migration0120AuditValueNames } from './migrations/0120-audit-value-names';
import { migration0130DeliveryClaimIndex } from './migrations/0130-delivery-claim-index';
import { migration0140SearchTextsRevision } from './migrations/0140-search-texts-revision';
import { migration0150BindingCountIndex } from './migrations/0150-binding-count-index';
import { migration0160RequirementTitleCover } from './migrations/0160-requirement-title-cover';
import { migration0170LabelsRevision } from './migrations/0170-labels-revision';
import { migration0175OidcBoundLinks } from './migrations/0175-oidc-bound-links';
import { migration0180RevisionsFromData } from './migrations/0180-revisions-from-data';
import { migration0186TimeZoneSetAt } from './migrations/0186-time-zone-set-at';
import { migration0250SparseColumnIndexes } from './migrations/0250-sparse-column-indexes';
import { migration0190Permits } from './migrations/0190-permits';
import { migration0200Findings } from './migrations/0200-findings';
import { migration0210ReviewSignatures } from './migrations/0210-review-signatures';
import { migration0230AccessTokensReportEmbed } from './migrations/0230-access-tokens-report-embed';
import { migration0220ReportSubscriptions } from './migrations/0220-report-subscriptions';
import { migration0260ActionNotifications } from './migrations/0260-action-notifications';
import { migration0270ReportSubscriptionStops } from './migrations/0270-report-subscription-stops';
import { migration0271FindingsRevision } from './migrations/0271-findings-revision';

/**
 * Every migration of the product in one global order. A new migration is appended here with the
 * next number; migrations are written with Kysely's schema builder (and the helpers of migration-helpers.ts)
 * so that they run on both dialects. schema-snapshot.test.ts pins the schema they produce on each dialect: a
 * new migration updates its snapshots on purpose (`vitest -u`), a refactoring leaves them unchanged.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': migration0001Initial,
  '0002-directory': migration0002Directory,
  '0010-requirements-tasks': migration0010RequirementsTasks,
  '0020-documents': migration0020Documents,
  '0030-calendar-feeds': migration0030CalendarFeeds,
  '0040-notifications': migration0040Notifications,
  '0050-security': migration0050Security,
  '0055-mfa-oidc': migration0055MfaOidc,
  '0060-period-end-holidays': migration0060PeriodEndHolidays,
  '0080-audit-names': migration0080AuditNames,
  '0090-task-facility-revisions': migration0090TaskFacilityRevisions,
  '0100-list-indexes': migration0100ListIndexes,
  '0101-documents-revision': migration0101DocumentsRevision,
  '0110-notification-lists': migration0110NotificationLists,
  '0120-audit-value-names': migration0120AuditValueNames,
  '0130-delivery-claim-index': migration0130DeliveryClaimIndex,
  '0140-search-texts-revision': migration0140SearchTextsRevision,
  '0150-binding-count-index': migration0150BindingCountIndex,
  '0160-requirement-title-cover': migration0160RequirementTitleCover,
  '0170-labels-revision': migration0170LabelsRevision,
  '0175-oidc-bound-links': migration0175OidcBoundLinks,
  '0180-revisions-from-data': migration0180RevisionsFromData,
  '0186-time-zone-set-at': migration0186TimeZoneSetAt,
  '0250-sparse-column-indexes': migration0250SparseColumnIndexes,
  '0190-permits': migration0190Permits,
  '0200-findings': migration0200Findings,
  '0210-review-signatures': migration0210ReviewSignatures,
  '0230-access-tokens-report-embed': migration0230AccessTokensReportEmbed,
  '0220-report-subscriptions': migration0220ReportSubscriptions,
  '0260-action-notifications': migration0260ActionNotifications,
  '0270-report-subscription-stops': migration0270ReportSubscriptionStops,
  '0271-findings-revision': migration0271FindingsRevision,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  // On PostgreSQL, Kysely looks for its own migration tables in every schema unless told which one;
  // another schema holding Kysely tables would otherwise be taken for ours.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
