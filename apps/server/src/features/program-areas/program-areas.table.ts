import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface ProgramAreasTable {
  id: string;
  name: string;
  /** Lower-cased name, unique: two areas cannot differ only by case. */
  nameKey: string;
  description: string | null;
  active: Generated<number>;
  searchText: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export type ProgramAreaRow = Selectable<ProgramAreasTable>;
export type NewProgramAreaRow = Insertable<ProgramAreasTable>;
export type ProgramAreaUpdate = Updateable<ProgramAreasTable>;
