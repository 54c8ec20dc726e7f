import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The indexes of columns that are mostly empty (assignees, a document's task, regulation and program area) hold the
 * rows that have a value only. Most tasks of a big installation have no assignee and most documents are library
 * documents; SQLite's statistics then average the column over every row, judge such an index useless and scan the
 * table instead: a hand-over's "which facilities does this user's open work touch" read every task (263 ms with the
 * event loop held, 486,000 tasks), a task's evidence every document (18 ms, 50,000). A partial index counts only the
 * rows with a value, and every query that names one (`column = ?` or `in (…)`, which no null satisfies) can use it,
 * on SQLite and PostgreSQL alike.
 */
const INDEXES = [
  { name: 'tasks_assignee_due_idx', table: 'tasks', columns: ['assignee_id', 'due_date', 'id'] },
  { name: 'requirement_facilities_assignee_idx', table: 'requirement_facilities', columns: ['assignee_id'] },
  { name: 'requirements_default_assignee_idx', table: 'requirements', columns: ['default_assignee_id'] },
  // A library holds most documents, none of them evidence: a task's evidence was read by scanning every document.
  { name: 'documents_task_idx', table: 'documents', columns: ['task_id', 'archived_at'] },
  { name: 'documents_regulation_idx', table: 'documents', columns: ['regulation_id'] },
  { name: 'documents_program_area_idx', table: 'documents', columns: ['program_area_id'] },
  { name: 'requirements_regulation_idx', table: 'requirements', columns: ['regulation_id'] },
  { name: 'requirements_program_area_idx', table: 'requirements', columns: ['program_area_id'] },
];

export const migration0250SparseColumnIndexes: Migration = {
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
