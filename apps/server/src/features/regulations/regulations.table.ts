import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Jurisdiction } from '@rtms/shared/enums';

export interface RegulationsTable {
  id: string;
  title: string;
  citation: string | null;
  agency: string | null;
  jurisdiction: Jurisdiction;
  link: string | null;
  description: string | null;
  active: Generated<number>;
  searchText: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export type RegulationRow = Selectable<RegulationsTable>;
export type NewRegulationRow = Insertable<RegulationsTable>;
export type RegulationUpdate = Updateable<RegulationsTable>;
