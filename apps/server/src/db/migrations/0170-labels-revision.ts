import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * One row (id 1) whose revision grows with every change to the records that label the lists' rows: a
 * task row names its facility, requirement and people; a requirement row its regulation, program area,
 * assignee and bound facilities; a facility row its program areas. Kept by triggers in the transaction of
 * the write, whatever code path writes (as migrations 0090 and 0140), so that a list's whole answer can be
 * kept while this revision and the list's own hold (platform/answer-cache.ts, decision 034) and no rename
 * is ever served stale. PostgreSQL bumps once per statement; SQLite has row triggers only (one small
 * update per written row).
 */
const TABLES = [
  'facilities',
  'facility_program_areas',
  'requirements',
  'requirement_facilities',
  'users',
  'regulations',
  'program_areas',
];
const EVENTS = [
  ['insert', 'insert'],
  ['update', 'update'],
  ['delete', 'delete'],
] as const;

export const migration0170LabelsRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await m.createRevisionRow(db, 'labels_revision');
    await m.createRevisionTriggers(db, 'labels_revision', TABLES, EVENTS);
  },
  async down(db: Kysely<unknown>) {
    await m.dropRevisionTriggers(db, 'labels_revision', TABLES, EVENTS);
  },
};
