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
