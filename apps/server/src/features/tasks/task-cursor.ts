import type { TaskListQuery } from '@rtms/shared/schemas/tasks';
import { invalid } from '../../platform/errors';
import { parseSort } from '../../platform/list-query';
import { CURSOR_SORTS, type TaskSort, type TaskSortField } from './task-page.repository';

/** The list's sort and keyset cursor as the query gives them, and the next page's cursor. */

/** A sort value of the list query → its field and direction. */
export function sortOf(sort: TaskListQuery['sort']): TaskSort {
  const parsed = parseSort(sort, 'dueDate');
  return { field: parsed.field as TaskSortField, direction: parsed.direction };
}

export function encodeCursor(values: string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The sort-key values of a cursor of `sort` (400 when the cursor is not one, or the sort takes none). */
export function decodeCursor(cursor: string, sort: TaskSort): string[] {
  if (!CURSOR_SORTS.includes(sort.field)) {
    throw invalid('A cursor is available only when sorting by due date, title or status', [
      { path: 'cursor', message: 'Not available for this sort; use page' },
    ]);
  }
  const length = sort.field === 'dueDate' ? 2 : 3;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === length && values.every((value) => typeof value === 'string')) {
      return values as string[];
    }
  } catch {
    // fall through
  }
  throw invalid('The cursor is not valid', [{ path: 'cursor', message: 'Use the nextCursor of a previous page' }]);
}
