import type { Generated } from 'kysely';

/**
 * Column groups that several tables share, declared once; a feature's `*.table.ts` extends them. Here rather
 * than in schema.ts, which imports every feature's table (a table importing it back would close a cycle).
 */

/** When a record was created and last changed (ISO instants, written by the service). */
export interface TimestampColumns {
  createdAt: string;
  updatedAt: string;
}

/** A record of a searchable list: its folded search text (platform/search-text.ts, kept by triggers) and timestamps. */
export interface SearchableColumns extends TimestampColumns {
  searchText: Generated<string>;
}

/** A settings record that is deactivated rather than deleted (`active` 0/1) and searched by its list. */
export interface SettingsColumns extends SearchableColumns {
  active: Generated<number>;
}

/** A single-row table (id 1) whose revision grows with every change to what it counts (triggers). */
export interface RevisionCounterTable {
  id: number;
  revision: number;
}
