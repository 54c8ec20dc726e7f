/**
 * Enumerations of the product, spelled exactly as the original application spells them.
 * Each is an `as const` tuple so that schemas, permissions and UI options derive from one list.
 */

export const ROLES = ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'] as const;
export type Role = (typeof ROLES)[number];

export const TASK_STATUSES = ['COMPLETED', 'INCOMPLETE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_CATEGORIES = [
  'AIR',
  'HAZARDOUS_MATERIALS',
  'QUALITY',
  'SAFETY',
  'SUSTAINABILITY',
  'WASTE',
  'WATER',
] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

export const TASK_FREQUENCIES = [
  'ONCE',
  'WEEKLY',
  'MONTHLY',
  'QUARTERLY',
  'SEMI-ANNUAL',
  'YEARLY',
  'BIENNIAL',
  'TRIENNUAL',
  '4 YEARS',
  '5 YEARS',
  '6 YEARS',
  '10 YEARS',
  '12 YEARS',
] as const;
export type TaskFrequency = (typeof TASK_FREQUENCIES)[number];

export const TIMELINESS = ['ON_TIME', 'LATE', 'MISSED'] as const;
export type Timeliness = (typeof TIMELINESS)[number];

export const SCHEDULE_MODES = ['CALENDAR', 'AFTER_COMPLETION', 'PERIOD_END'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];

export const WEEKEND_SHIFTS = ['NONE', 'PREVIOUS', 'NEXT'] as const;
export type WeekendShift = (typeof WEEKEND_SHIFTS)[number];

export const FACILITY_TYPES = ['WIND', 'SOLAR', 'HYDRO', 'BATTERY_STORAGE', 'GEOTHERMAL', 'BIOMASS', 'OTHER'] as const;
export type FacilityType = (typeof FACILITY_TYPES)[number];

export const FACILITY_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type FacilityStatus = (typeof FACILITY_STATUSES)[number];

export const JURISDICTIONS = ['FEDERAL', 'STATE', 'LOCAL', 'OTHER'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

export const REQUIREMENT_STATUSES = ['ACTIVE', 'RETIRED'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

export const DOCUMENT_KINDS = ['TASK', 'LIBRARY'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Kinds of permit a facility holds. */
export const PERMIT_TYPES = [
  'AIR',
  'WATER_DISCHARGE',
  'STORMWATER',
  'WASTE',
  'WILDLIFE',
  'LAND_USE',
  'INTERCONNECTION',
  'OTHER',
] as const;
export type PermitType = (typeof PERMIT_TYPES)[number];

/** A permit's status, derived from its dates and versions on a given day (permit-status.ts); never stored. */
export const PERMIT_STATUSES = [
  'PENDING',
  'ACTIVE',
  'EXPIRING',
  'EXPIRED',
  'ADMINISTRATIVELY_CONTINUED',
  'SUPERSEDED',
  'TERMINATED',
] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];
/** Where a finding came from: the two automatic sources (a task's miss or late completion), then those recorded by hand. */
export const FINDING_SOURCES = [
  'MISSED_TASK',
  'LATE_COMPLETION',
  'AUDIT',
  'INSPECTION',
  'SELF_IDENTIFIED',
  'AGENCY_NOTICE',
] as const;
export type FindingSource = (typeof FINDING_SOURCES)[number];

/** The sources a person records by hand; the automatic ones are opened only by the server. */
export const MANUAL_FINDING_SOURCES = ['AUDIT', 'INSPECTION', 'SELF_IDENTIFIED', 'AGENCY_NOTICE'] as const;
export type ManualFindingSource = (typeof MANUAL_FINDING_SOURCES)[number];

export const FINDING_SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

export const FINDING_STATUSES = ['OPEN', 'ACTIONS_IN_PROGRESS', 'PENDING_VERIFICATION', 'CLOSED', 'CANCELLED'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

/** The statuses of a finding still to be dealt with (counted as open on the dashboard and the facility page). */
export const OPEN_FINDING_STATUSES = ['OPEN', 'ACTIONS_IN_PROGRESS', 'PENDING_VERIFICATION'] as const;

export const ROOT_CAUSE_CATEGORIES = [
  'PEOPLE',
  'PROCESS',
  'EQUIPMENT',
  'ENVIRONMENT',
  'DOCUMENTATION',
  'OTHER',
] as const;
export type RootCauseCategory = (typeof ROOT_CAUSE_CATEGORIES)[number];

export const CORRECTIVE_ACTION_TYPES = ['CORRECTION', 'CORRECTIVE', 'PREVENTIVE'] as const;
export type CorrectiveActionType = (typeof CORRECTIVE_ACTION_TYPES)[number];

export const CORRECTIVE_ACTION_STATUSES = ['OPEN', 'DONE', 'CANCELLED'] as const;
export type CorrectiveActionStatus = (typeof CORRECTIVE_ACTION_STATUSES)[number];
