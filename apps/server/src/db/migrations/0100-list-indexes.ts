import { sql, type Kysely, type Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Indexes that serve the default order of the long lists (decision 027), so that a
 * page is read in order from an index and stops after its rows instead of sorting every row:
 * requirements by title (case-insensitive, as the list sorts), active documents newest first, audit
 * events of a facility in chain order.
 */
const auditFacilityIndex = m.replaceIndexes(
  m.indexesOn('audit_events', { audit_events_facility_idx: ['facility_id'] }),
  m.indexesOn('audit_events', { audit_events_facility_seq_idx: ['facility_id', 'seq'] }),
);

export const migration0100ListIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    // An expression index: written in SQL, which both databases accept as it is.
    await sql`create index requirements_title_key_idx on requirements (lower(title), id)`.execute(db);
    // The document list shows active documents newest first by default: a partial index on the
    // expression the list filters by (documents.repository.ts). With `archived_at is null`, SQLite's
    // statistics (about one row per archived_at value) made it skip-scan the kind or the facility index
    // and sort every active document (330 ms for a deep page of 50,000, 1.5 ms here). Partial rather
    // than led by the expression: PostgreSQL then reads a page's ids from the index alone.
    await sql`create index documents_active_created_idx on documents (created_at, id) where coalesce(archived_at, '') = ''`.execute(
      db,
    );
    // Replaces the single-column index: the same lookups, and the page of a facility in seq order.
    await auditFacilityIndex.up(db);
  },
  async down(db: Kysely<unknown>) {
    await auditFacilityIndex.down(db);
    await m.dropIndexes(db, ['documents_active_created_idx', 'requirements_title_key_idx']);
  },
};
