import type { Selectable } from 'kysely';
import type { SettingsColumns } from '../../db/columns';

export interface ProgramAreasTable extends SettingsColumns {
  id: string;
  name: string;
  /** Lower-cased name, unique: two areas cannot differ only by case. */
  nameKey: string;
  description: string | null;
}

export type ProgramAreaRow = Selectable<ProgramAreasTable>;
