import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * One row (id 1) whose revision grows with every write to a finding's columns that the reports' open findings
 * count reads (its status, severity, facility and requirement): the scorecard's kept answer (reports.service.ts)
 * carries it in its stamp, so that a finding recorded, closed or moved shows on the very next read instead of at the
 * next minute. Kept by triggers in the write's transaction, as the other revisions (migrations 0170, 0180).
 */
const FINDING_WRITES = [
  ['insert', 'insert'],
  ['counted', 'update of status, severity, facility_id, requirement_id'],
  ['delete', 'delete'],
] as const;

export const migration0271FindingsRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await m.createRevisionRow(db, 'findings_revision');
    await m.createRevisionTriggers(db, 'findings_revision', ['findings'], FINDING_WRITES);
  },
  async down(db: Kysely<unknown>) {
    await m.dropRevisionTriggers(db, 'findings_revision', ['findings'], FINDING_WRITES);
    await m.dropRevisionCounter(db, 'findings_revision');
  },
};
