import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * One row (id 1) whose revision grows with every change to what labels the lists' rows: a task row names
 * its facility, requirement and people; a requirement row its regulation, program area, assignee and bound
 * facilities; a facility row its program areas. Of users and bindings only the columns a list shows count
 * (a sign-in, a binding's generation progress do not move it). Kept by triggers in the transaction of the
 * write, whatever code path writes (as migrations 0090 and 0140), so that a list's whole answer can be kept
 * while this revision and the list's own hold (platform/answer-cache.ts, decision 034) and no rename is ever
 * served stale. PostgreSQL bumps once per statement; SQLite has row triggers only.
 */
const LABEL_TABLES = ['facilities', 'facility_program_areas', 'requirements', 'regulations', 'program_areas'];
const ALL_WRITES = [
  ['insert', 'insert'],
  ['update', 'update'],
  ['delete', 'delete'],
] as const;
const USER_WRITES = [
  ['insert', 'insert'],
  ['names', 'update of first_name, last_name'],
  ['delete', 'delete'],
] as const;
const BINDING_WRITES = [
  ['insert', 'insert'],
  ['bound', 'update of bound'],
  ['delete', 'delete'],
] as const;

export const migration0170LabelsRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await m.createRevisionRow(db, 'labels_revision');
    await m.createRevisionTriggers(db, 'labels_revision', LABEL_TABLES, ALL_WRITES);
    await m.createRevisionTriggers(db, 'labels_revision', ['users'], USER_WRITES);
    await m.createRevisionTriggers(db, 'labels_revision', ['requirement_facilities'], BINDING_WRITES);
  },
  async down(db: Kysely<unknown>) {
    await m.dropRevisionTriggers(db, 'labels_revision', ['requirement_facilities'], BINDING_WRITES);
    await m.dropRevisionTriggers(db, 'labels_revision', ['users'], USER_WRITES);
    await m.dropRevisionTriggers(db, 'labels_revision', LABEL_TABLES, ALL_WRITES);
    await m.dropRevisionCounter(db, 'labels_revision');
  },
};
