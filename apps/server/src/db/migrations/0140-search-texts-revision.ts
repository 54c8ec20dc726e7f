import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * One row (id 1) whose revision grows with every change to the search texts of requirements and
 * facilities, kept by triggers in the transaction of the write (whatever code path writes, as the task
 * revisions of migration 0090). A task search resolves its words to requirement and facility ids; the
 * resolution is cached while this revision holds, instead of scanning both tables with LIKE on every
 * request (decision 028).
 */
const TABLES = ['requirements', 'facilities'] as const;
const EVENTS = [
  ['insert', 'insert'],
  ['update', 'update of search_text'],
  ['delete', 'delete'],
] as const;

export const migration0140SearchTextsRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await m.createRevisionRow(db, 'search_texts_revision');
    await m.createRevisionTriggers(db, 'search_texts_revision', TABLES, EVENTS);
  },
  async down(db: Kysely<unknown>) {
    await m.dropRevisionTriggers(db, 'search_texts_revision', TABLES, EVENTS);
    await m.dropRevisionCounter(db, 'search_texts_revision');
  },
};
