import type { Selectable } from 'kysely';
import type { PermitType } from '@rtms/shared/enums';
import type { SearchableColumns, TimestampColumns } from '../../db/columns';

/**
 * One version of a permit. Versions of one permit share `lineageId` (version 1's id) and link through
 * `previousVersionId` / `nextVersionId`. Dates are calendar dates in the facility's time zone. The status is
 * derived (shared permit-status.ts), never stored.
 */
export interface PermitsTable extends SearchableColumns {
  id: string;
  facilityId: string;
  lineageId: string;
  number: string;
  /** The number lower-cased: one permit per number and facility. */
  numberKey: string;
  title: string;
  agency: string;
  type: PermitType;
  issuedOn: string;
  effectiveOn: string;
  expiresOn: string | null;
  renewalLeadDays: number;
  renewalSubmittedOn: string | null;
  version: number;
  previousVersionId: string | null;
  nextVersionId: string | null;
  terminatedOn: string | null;
  terminationReason: string | null;
  /** The requirement whose one task is the renewal ("Renew <number>"), or null without an expiry. */
  renewalRequirementId: string | null;
}

/** A condition of a permit version; a scheduled one owns `requirementId`, a standing one has none. */
export interface PermitConditionsTable extends TimestampColumns {
  id: string;
  permitId: string;
  reference: string;
  text: string;
  requirementId: string | null;
  position: number;
}

/** The column requirements and documents carry to name their permit. */
export interface PermitLinkColumns {
  permitId: string | null;
}

export type PermitRow = Selectable<PermitsTable>;
export type PermitConditionRow = Selectable<PermitConditionsTable>;
