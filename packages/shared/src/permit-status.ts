/**
 * A permit's status on a day (a calendar date in its facility's time zone), derived from its dates and
 * from the next version's effective date; never stored. Shared by the server (lists, filters, figures)
 * and the web app (the renewal hint).
 */
import { addDays, diffDays, type CalendarDate } from './calendar-date';
import type { PermitStatus, PermitType, TaskCategory } from './enums';

/** Days before expiry a renewal is due when the permit does not say. */
export const DEFAULT_RENEWAL_LEAD_DAYS = 180;

export interface PermitDates {
  effectiveOn: CalendarDate;
  /** Null: the permit does not expire. */
  expiresOn: CalendarDate | null;
  renewalLeadDays: number;
  renewalSubmittedOn: CalendarDate | null;
  terminatedOn: CalendarDate | null;
  /** The effective date of the next version, when one exists. */
  nextVersionEffectiveOn: CalendarDate | null;
}

/** Whether the renewal was filed in time to keep the permit in force after its expiry date. */
export function renewalFiledInTime(permit: Pick<PermitDates, 'expiresOn' | 'renewalSubmittedOn'>): boolean {
  return Boolean(permit.expiresOn && permit.renewalSubmittedOn && permit.renewalSubmittedOn <= permit.expiresOn);
}

/**
 * The status on `today`: TERMINATED from the termination date; SUPERSEDED once the next version is in
 * effect; PENDING before the effective date; after the expiry date EXPIRED, or ADMINISTRATIVELY_CONTINUED
 * when the renewal was filed on or before it; EXPIRING from `renewalLeadDays` before the expiry date
 * through that date; otherwise ACTIVE.
 */
export function permitStatusOn(permit: PermitDates, today: CalendarDate): PermitStatus {
  if (permit.terminatedOn && today >= permit.terminatedOn) return 'TERMINATED';
  if (permit.nextVersionEffectiveOn && today >= permit.nextVersionEffectiveOn) return 'SUPERSEDED';
  if (today < permit.effectiveOn) return 'PENDING';
  if (permit.expiresOn) {
    if (today > permit.expiresOn) return renewalFiledInTime(permit) ? 'ADMINISTRATIVELY_CONTINUED' : 'EXPIRED';
    if (today >= addDays(permit.expiresOn, -permit.renewalLeadDays)) return 'EXPIRING';
  }
  return 'ACTIVE';
}

/** Days from `today` to the expiry date (negative once past), or null without an expiry. */
export function daysToExpiry(expiresOn: CalendarDate | null, today: CalendarDate): number | null {
  return expiresOn ? diffDays(expiresOn, today) : null;
}

/** The scheduled date of the renewal task: `renewalLeadDays` before expiry (then moved off non-business days). */
export function renewalDueDate(expiresOn: CalendarDate, renewalLeadDays: number): CalendarDate {
  return addDays(expiresOn, -renewalLeadDays);
}

/**
 * The last day a version's conditions make tasks: the day before a termination or the next version takes
 * effect; while administratively continued (renewal filed in time) open-ended; else its expiry date.
 */
export function conditionsActiveUntil(permit: PermitDates): CalendarDate | null {
  const stops = [permit.terminatedOn, permit.nextVersionEffectiveOn].filter((d): d is string => Boolean(d));
  const stop = stops.length ? addDays(stops.sort()[0]!, -1) : null;
  const term = renewalFiledInTime(permit) ? null : permit.expiresOn;
  if (stop && term) return stop < term ? stop : term;
  return stop ?? term;
}

/** The task category of a permit's renewal task. */
export function renewalCategoryOf(type: PermitType): TaskCategory {
  switch (type) {
    case 'AIR':
      return 'AIR';
    case 'WATER_DISCHARGE':
    case 'STORMWATER':
      return 'WATER';
    case 'WASTE':
      return 'WASTE';
    case 'WILDLIFE':
    case 'LAND_USE':
      return 'SUSTAINABILITY';
    default:
      return 'QUALITY';
  }
}
