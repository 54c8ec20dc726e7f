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

// ---------------------------------------------------------------------------------------------------
// Column groups that several reads select from a joined user (a recipient, an uploader, an assignee): each read
// names the user's table or alias, and gets the same columns under the same names, so that the services that map
// them read one set of names.

/** A joined user's name and email as `firstName`, `lastName` and `email` (a comment's author, a mail's recipient). */
export function userNameColumns<const T extends string>(table: T) {
  return [`${table}.firstName`, `${table}.lastName`, `${table}.email`] as const;
}

/** A joined user's name as `{role}FirstName` and `{role}LastName`, beside the row it labels (e.g. `uploader`). */
export function userNameColumnsAs<const T extends string, const R extends string>(table: T, role: R) {
  return [`${table}.firstName as ${role}FirstName`, `${table}.lastName as ${role}LastName`] as const;
}

/** Who a user is in the reads that list or act on users: email, name, role, and whether the account is active. */
export function userIdentityColumns<const T extends string>(table: T) {
  return [...userNameColumns(table), `${table}.role`, `${table}.active`] as const;
}

/** A joined facility's labels as `facilityName` and `facilityCode`, beside the row it labels (a binding, a task). */
export function facilityLabelColumns<const T extends string>(table: T) {
  return [`${table}.name as facilityName`, `${table}.code as facilityCode`] as const;
}
