import type { Selectable } from 'kysely';
import type { Jurisdiction } from '@rtms/shared/enums';
import type { SettingsColumns } from '../../db/columns';

export interface RegulationsTable extends SettingsColumns {
  id: string;
  title: string;
  citation: string | null;
  agency: string | null;
  jurisdiction: Jurisdiction;
  link: string | null;
  description: string | null;
}

export type RegulationRow = Selectable<RegulationsTable>;
