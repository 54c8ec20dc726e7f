/**
 * The requirements a permit version owns, kept in step with it through the requirements' own save (so that
 * every schedule mode, holiday shift, preview rule and "edits never rewrite history" applies unchanged):
 * one per scheduled condition, active within the version's term, and one renewal requirement ("Renew
 * <number>", one occurrence due renewalLeadDays before expiry, moved to the previous business day).
 */
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { conditionsActiveUntil, renewalCategoryOf, renewalDueDate, type PermitDates } from '@rtms/shared/permit-status';
import type { ConditionSchedule } from '@rtms/shared/schemas/permits';
import type { TaskChangeCounts } from '@rtms/shared/schemas/requirements';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { UpdateBody } from '../requirements/requirement-values';
import type { RequirementsService } from '../requirements/requirements.service';
import type { FacilityScope } from '../user-facilities/facility-scope';
import { findConditions, linkRequirement } from './permits.repository';
import type { PermitConditionRow, PermitRow } from './permits.table';

export type RequirementSaver = Pick<RequirementsService, 'saveWithin'>;

/** Who saves, in which transaction, with which scope: what every requirement save of a permit needs. */
export interface PermitWrite {
  trx: Transaction<Database>;
  principal: Principal;
  scope: FacilityScope;
  now: Date;
}

export const NO_TASK_CHANGES: TaskChangeCounts = { added: 0, moved: 0, removed: 0 };

export function addCounts(a: TaskChangeCounts, b: TaskChangeCounts): TaskChangeCounts {
  return { added: a.added + b.added, moved: a.moved + b.moved, removed: a.removed + b.removed };
}

/** The title of a condition's requirement (and so of its tasks): permit number, reference and the text's start. */
export function conditionTitle(number: string, reference: string, text: string): string {
  const head = `${number} ${reference}: `;
  const room = 300 - head.length;
  const line = text.replace(/\s+/g, ' ').trim();
  return head + (line.length > room ? `${line.slice(0, room - 1)}…` : line);
}

export function datesOf(permit: PermitRow, nextVersionEffectiveOn: string | null): PermitDates {
  return {
    effectiveOn: permit.effectiveOn,
    expiresOn: permit.expiresOn,
    renewalLeadDays: Number(permit.renewalLeadDays),
    renewalSubmittedOn: permit.renewalSubmittedOn,
    terminatedOn: permit.terminatedOn,
    nextVersionEffectiveOn,
  };
}

/** The requirement fields a condition's schedule sets, bound to the permit's facility and within its term. */
export function conditionRequirementBody(
  permit: PermitRow,
  dates: PermitDates,
  condition: Pick<PermitConditionRow, 'reference' | 'text'>,
  schedule: Partial<ConditionSchedule> | null,
  isNew: boolean,
): UpdateBody {
  const body: UpdateBody = {
    title: conditionTitle(permit.number, condition.reference, condition.text),
    description: condition.text,
    permitNumber: permit.number,
    activeFrom: permit.effectiveOn,
    activeUntil: conditionsActiveUntil(dates),
  };
  if (schedule) Object.assign(body, withoutUndefined(schedule));
  if (isNew) body.facilities = [{ facilityId: permit.facilityId }];
  return body;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Creates a condition's requirement and links it to the permit and condition; answers its id. */
export async function createConditionRequirement(
  write: PermitWrite,
  saver: RequirementSaver,
  permit: PermitRow,
  dates: PermitDates,
  condition: PermitConditionRow,
  schedule: ConditionSchedule,
): Promise<{ id: string; counts: TaskChangeCounts }> {
  const body = conditionRequirementBody(permit, dates, condition, schedule, true);
  const saved = await saver.saveWithin(write.trx, write.principal, write.scope, null, body);
  await linkRequirement(write.trx, saved.id, permit.id, condition.id);
  return saved;
}

/**
 * Brings the version's requirements in step with its dates: each condition's requirement active from the
 * effective date to the end of its term (open-ended while administratively continued), and the renewal
 * requirement due renewalLeadDays before expiry (none without an expiry, left alone once the version is
 * superseded or terminated). Answers what the saves did to tasks and the renewal requirement's id.
 */
export async function syncPermitRequirements(
  write: PermitWrite,
  saver: RequirementSaver,
  permit: PermitRow,
  nextVersionEffectiveOn: string | null,
  timeZone: string,
): Promise<{ counts: TaskChangeCounts; renewalRequirementId: string | null }> {
  const dates = datesOf(permit, nextVersionEffectiveOn);
  let counts = NO_TASK_CHANGES;
  for (const condition of await findConditions(write.trx, [permit.id])) {
    if (!condition.requirementId) continue;
    const body = conditionRequirementBody(permit, dates, condition, null, false);
    const saved = await saver.saveWithin(write.trx, write.principal, write.scope, condition.requirementId, body);
    counts = addCounts(counts, saved.counts);
  }
  let renewalRequirementId = permit.renewalRequirementId;
  if (permit.terminatedOn || permit.nextVersionId) return { counts, renewalRequirementId };
  if (permit.expiresOn) {
    const due = renewalDueDate(permit.expiresOn, Number(permit.renewalLeadDays));
    const today = todayInTimeZone(timeZone, write.now);
    const body: UpdateBody = {
      title: `Renew ${permit.number}`,
      description: `Renewal application for ${permit.title} (${permit.agency}), due ${permit.renewalLeadDays} days before it expires on ${permit.expiresOn}.`,
      category: renewalCategoryOf(permit.type),
      frequency: 'ONCE',
      scheduleMode: 'CALENDAR',
      firstDueDate: due,
      weekendShift: 'PREVIOUS',
      evidenceRequired: true,
      minEvidence: 1,
      permitNumber: permit.number,
      status: 'ACTIVE',
    };
    if (!renewalRequirementId) {
      // A renewal already due (a permit registered late) still gets its task: it is generated from its due date.
      body.facilities = [{ facilityId: permit.facilityId }];
      if (due < today) body.backfillFrom = due;
    }
    const saved = await saver.saveWithin(write.trx, write.principal, write.scope, renewalRequirementId, body);
    if (!renewalRequirementId) await linkRequirement(write.trx, saved.id, permit.id, null);
    renewalRequirementId = saved.id;
    counts = addCounts(counts, saved.counts);
  } else if (renewalRequirementId) {
    const saved = await saver.saveWithin(write.trx, write.principal, write.scope, renewalRequirementId, {
      status: 'RETIRED',
    });
    counts = addCounts(counts, saved.counts);
  }
  return { counts, renewalRequirementId };
}
