import type { Database } from '../../db/schema';

/** The OData primitive types the feed uses. */
export type EdmType = 'Edm.String' | 'Edm.Int32' | 'Edm.Double' | 'Edm.Boolean' | 'Edm.Date' | 'Edm.DateTimeOffset';

/**
 * A property no column holds, computed per row in SQL by the rules the API uses: a task's derived state
 * (`taskState` of packages/shared/src/task-state.ts, through its SQL twin) in its facility's today, and whether
 * it is overdue (that state is OVERDUE, as the Tracker's `overdue=true`).
 */
export type ComputedProperty = 'taskState' | 'taskOverdue';

/** One property of an entity type: its OData type and the column (camelCase, as in the table type) it reads. */
export interface ODataProperty {
  type: EdmType;
  column: string;
  /** Whether the value may be null (CSDL Nullable). */
  nullable: boolean;
  /** Computed, not read from `column`: see ComputedProperty. */
  computed?: ComputedProperty;
}

/**
 * One entity set of the feed, declared as data: its name, its entity type's name, the table it reads, its
 * properties (the first is the key, `id`), and the rows of it a caller may see given their facility scope
 * (undefined: every facility). A new entity set is one such declaration added to `sets/index.ts`.
 */
export interface EntitySet<T extends keyof Database = keyof Database> {
  name: string;
  entityType: string;
  table: T;
  properties: Record<string, ODataProperty>;
  /** Which rows a facility role may see; null when every role reads every row (settings). */
  scope: SetScope | null;
}

/**
 * How a set is limited to a caller's facilities: by a facility column of its own, or (requirements) by being bound
 * to one of them. odata.repository.ts writes each kind as SQL.
 */
export type SetScope = { kind: 'facility'; column: string } | { kind: 'requirementBindings' };

/** Shorthands for property declarations: `text('title')`, `date('dueDate', true)`, … */
const of =
  (type: EdmType) =>
  (column: string, nullable = false): ODataProperty => ({ type, column, nullable });
export const text = of('Edm.String');
export const int = of('Edm.Int32');
export const double = of('Edm.Double');
export const bool = of('Edm.Boolean');
export const date = of('Edm.Date');
export const instant = of('Edm.DateTimeOffset');

/** A computed property (never null). */
export const computed = (type: EdmType, kind: ComputedProperty): ODataProperty => ({
  type,
  column: `@${kind}`,
  nullable: false,
  computed: kind,
});

/** Whether a set has a computed property (its reads then need each facility's today). */
export const hasComputed = (set: EntitySet) => Object.values(set.properties).some((property) => property.computed);

/** The key and timestamps every entity set has. */
export const idAndTimestamps = {
  createdAt: instant('createdAt'),
  updatedAt: instant('updatedAt'),
};

/** Declares an entity set (typed by its table). */
export function entitySet<T extends keyof Database>(declaration: EntitySet<T>): EntitySet {
  return declaration as unknown as EntitySet;
}
