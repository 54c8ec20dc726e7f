import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The indexes of assignees hold assigned rows only. Most tasks and bindings of a big installation have no assignee;
 * SQLite's statistics then average one assignee over every row, judge such an index useless and scan the table
 * instead, so a hand-over's "which facilities does this user's open work touch" read every task (263 ms with the
 * event loop held, 486,000 tasks). A partial index counts only assigned rows, and every query that names an assignee
 * (`assignee_id = ?`, which no null satisfies) can use it, on SQLite and PostgreSQL alike.
 */
const INDEXES = [
  { name: 'tasks_assignee_due_idx', table: 'tasks', columns: ['assignee_id', 'due_date', 'id'] },
  { name: 'requirement_facilities_assignee_idx', table: 'requirement_facilities', columns: ['assignee_id'] },
  { name: 'requirements_default_assignee_idx', table: 'requirements', columns: ['default_assignee_id'] },
];

export const migration0250AssignedRowsIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const { name, table, columns } of INDEXES) {
      await sql`drop index if exists ${sql.id(name)}`.execute(db);
      await sql`create index ${sql.id(name)} on ${sql.id(table)} (${sql.join(columns.map((column) => sql.id(column)))}) where ${sql.id(columns[0]!)} is not null`.execute(
        db,
      );
    }
  },

  async down(db: Kysely<unknown>) {
    for (const { name, table, columns } of INDEXES) {
      await sql`drop index if exists ${sql.id(name)}`.execute(db);
      await sql`create index ${sql.id(name)} on ${sql.id(table)} (${sql.join(columns.map((column) => sql.id(column)))})`.execute(
        db,
      );
    }
  },
};
