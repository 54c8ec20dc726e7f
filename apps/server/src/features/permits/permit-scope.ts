/** Who may see a permit, the one number rule, and a permit's audited fields and search text. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { foldForSearch } from '../../platform/search-text';
import { isFacilityInScope, type FacilityScope } from '../user-facilities/facility-scope';
import { findPermitById, isNumberTaken, type PermitListRow } from './permits.repository';
import type { PermitRow } from './permits.table';

const AUDITED = [
  'facilityId',
  'number',
  'title',
  'agency',
  'type',
  'issuedOn',
  'effectiveOn',
  'expiresOn',
  'renewalLeadDays',
  'renewalSubmittedOn',
  'version',
  'previousVersionId',
  'nextVersionId',
  'terminatedOn',
  'terminationReason',
] as const satisfies readonly (keyof PermitRow)[];

export function auditedPermit(row: PermitRow): Record<string, unknown> {
  return Object.fromEntries(
    AUDITED.map((field) => [field, field.endsWith('Days') || field === 'version' ? Number(row[field]) : row[field]]),
  );
}

export function permitSearchText(row: Pick<PermitRow, 'number' | 'title' | 'agency'>): string {
  return foldForSearch(row.number, row.title, row.agency);
}

/** The permit version if the caller's scope holds its facility; 404 otherwise (its existence is not revealed). */
export async function permitInScope(db: Kysely<Database>, scope: FacilityScope, id: string): Promise<PermitListRow> {
  const row = await findPermitById(db, id);
  if (!row || !isFacilityInScope(scope, row.facilityId)) throw notFound('Permit');
  return row;
}

/** 409 when another permit of the facility has the number (versions of one permit share theirs). */
export async function assertNumberFree(
  db: Kysely<Database>,
  facilityId: string,
  number: string,
  lineageId: string | null,
): Promise<void> {
  if (await isNumberTaken(db, facilityId, number.trim().toLowerCase(), lineageId)) {
    throw conflict('Another permit of this facility has this number', [
      { path: 'number', message: 'Another permit of this facility has this number' },
    ]);
  }
}
