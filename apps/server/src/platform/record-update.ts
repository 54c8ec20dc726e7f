import type { AuditAction } from '@rtms/shared/schemas/audit';

/**
 * The steps every partial update of a stored record takes (facilities, regulations, program areas, users):
 * apply the body to the row read before, write back the columns an update may change, and name the audit
 * action by whether the update changed the record's activity.
 */

/** What a body may set on a row: the row's own values, or a boolean for a column stored as 0/1. */
export type RowPatch<R> = { [K in keyof R]?: R[K] | (R[K] extends number ? boolean : never) };

/**
 * `row` with every field `patch` sets (undefined leaves the row's value); a boolean becomes the 0/1 integer
 * both databases store. The patch is a request body whose fields carry the row's column names.
 */
export function patchRow<R extends object>(row: R, patch: RowPatch<R>): R {
  const after = { ...row };
  for (const [column, value] of Object.entries(patch)) {
    if (value !== undefined) Object.assign(after, { [column]: typeof value === 'boolean' ? Number(value) : value });
  }
  return after;
}

/**
 * The fields `keys` of `source` with every absent value (undefined, null, or no source at all) as null, in the
 * order of `keys`: how a new row or an answer writes the optional fields it copies.
 */
export function orNull<S extends object, K extends keyof S>(
  source: S | undefined,
  keys: readonly K[],
): { [P in K]-?: NonNullable<S[P]> | null } {
  return Object.fromEntries(keys.map((key) => [key, source?.[key] ?? null])) as {
    [P in K]-?: NonNullable<S[P]> | null;
  };
}

/** The columns an update writes: all but the key and the creation time. */
export function updatedColumns<R extends { id: string; createdAt: string }>(row: R): Omit<R, 'id' | 'createdAt'> {
  const { id: _id, createdAt: _createdAt, ...columns } = row;
  return columns;
}

/** DEACTIVATE or REACTIVATE when an update changed the record's activity (`activeAfter` its new state), else UPDATE. */
export function updateActionOf(activityChanged: unknown, activeAfter: boolean): AuditAction {
  if (!activityChanged) return 'UPDATE';
  return activeAfter ? 'REACTIVATE' : 'DEACTIVATE';
}
