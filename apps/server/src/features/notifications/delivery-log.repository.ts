import { sql, type SqlBool } from 'kysely';
import type { DeliveryKind, DeliveryStatus, NotificationCategory } from '@rtms/shared/schemas/notifications';
import type { Db } from '../../db/schema';
import { userNameColumns } from '../../db/columns';
import { countRows } from '../../db/count-rows';
import { inScope, whereEqual, type CountedRows, type ListRequest } from '../../platform/list-query';
import { facilityMatches, findingMatches, requirementMatches, subjectTitle } from './notifications.repository';

/**
 * The delivery log: the reminders' outbox (notification_deliveries) and the scheduled reports' (report_deliveries)
 * as one list, filtered, searched, sorted and paged on the server.
 */

export interface DeliveryFilters {
  /** Facility ids the caller may see; undefined = every facility. A report counts when its recipient has one. */
  facilityIds?: string[];
  status?: DeliveryStatus;
  kind?: DeliveryKind;
  /** Only reminders have a facility and a category: either filter leaves the reports out. */
  facilityId?: string;
  recipientId?: string;
  category?: NotificationCategory;
  /** Folded LIKE patterns: each matches the recipient (name, email), a reminder's requirement, finding or facility. */
  searchPatterns?: string[];
}

export type DeliverySort = 'updatedAt' | 'createdAt';

/** Whether the user of `column` matches a search pattern (name, email). */
const recipientMatches = (column: string, pattern: string) =>
  sql<SqlBool>`exists (select 1 from users su where su.id = ${sql.ref(column)} and su.search_text like ${pattern} escape '\\')`;

/** The filtered reminder deliveries, without joins: an unfiltered count reads one index. */
function reminders(db: Db, filters: DeliveryFilters) {
  let query = db.selectFrom('notification_deliveries as d');
  if (filters.facilityIds) query = query.where(inScope('d.facilityId', filters.facilityIds));
  query = whereEqual(query, {
    'd.status': filters.status,
    'd.facilityId': filters.facilityId,
    'd.recipientId': filters.recipientId,
  });
  if (filters.category) {
    const category = filters.category;
    query = query.where(
      sql<SqlBool>`exists (select 1 from notifications cn where cn.id = d.notification_id and cn.category = ${category})`,
    );
  }
  for (const pattern of filters.searchPatterns ?? []) {
    query = query.where(
      sql<SqlBool>`(${recipientMatches('d.recipient_id', pattern)}
        or ${facilityMatches('d.facility_id', pattern)}
        or exists (select 1 from notifications sn where sn.id = d.notification_id
          and (${requirementMatches('sn.task_id', pattern)} or ${findingMatches('sn.corrective_action_id', pattern)})))`,
    );
  }
  return query;
}

/** The filtered report deliveries: those of recipients who share a facility with the caller (every one: all). */
function reports(db: Db, filters: DeliveryFilters) {
  let query = db.selectFrom('report_deliveries as d');
  if (filters.facilityIds) {
    const ids = filters.facilityIds;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_facilities as uf')
          .select('uf.id')
          .whereRef('uf.userId', '=', 'd.recipientId')
          .where(inScope('uf.facilityId', ids)),
      ),
    );
  }
  query = whereEqual(query, { 'd.status': filters.status, 'd.recipientId': filters.recipientId });
  for (const pattern of filters.searchPatterns ?? []) query = query.where(recipientMatches('d.recipient_id', pattern));
  return query;
}

/** Which outboxes a filter leaves in the list. */
function partsOf(filters: DeliveryFilters) {
  const reportsIncluded = filters.kind !== 'REMINDER' && !filters.category && !filters.facilityId;
  return { reminders: filters.kind !== 'REPORT', reports: reportsIncluded };
}

/**
 * One page of the delivery log, newest change first by default, with each delivery's recipient and what it
 * carries (a reminder's task and facility, a report's kind and period), and how many match. Each outbox gives at
 * most the page's end in the page's order, through its own index; the two are then merged and cut to the page.
 */
export async function listDeliveryRows(
  db: Db,
  { filters, sort, window }: ListRequest<DeliveryFilters, DeliverySort>,
): Promise<CountedRows<DeliveryLogRow>> {
  const parts = partsOf(filters);
  const end = window.offset + window.limit;
  const field = sort.field === 'createdAt' ? 'createdAt' : 'updatedAt';
  const nullText = sql<string | null>`cast(null as text)`;
  const reminderPart = db
    .selectFrom(
      reminders(db, filters)
        .select((eb) => [
          'd.id',
          'd.recipientId',
          eb.ref('d.notificationId').$castTo<string | null>().as('notificationId'),
          nullText.as('subscriptionId'),
          eb.ref('d.facilityId').$castTo<string | null>().as('facilityId'),
          nullText.as('periodKey'),
          'd.status',
          'd.attempts',
          'd.lastError',
          'd.sentAt',
          'd.createdAt',
          'd.updatedAt',
        ])
        .orderBy(`d.${field}`, sort.direction)
        .orderBy('d.id', sort.direction)
        .limit(end)
        .as('part'),
    )
    .selectAll();
  const reportPart = db
    .selectFrom(
      reports(db, filters)
        .select((eb) => [
          'd.id',
          'd.recipientId',
          nullText.as('notificationId'),
          eb.ref('d.subscriptionId').$castTo<string | null>().as('subscriptionId'),
          nullText.as('facilityId'),
          eb.ref('d.periodKey').$castTo<string | null>().as('periodKey'),
          'd.status',
          'd.attempts',
          'd.lastError',
          'd.sentAt',
          'd.createdAt',
          'd.updatedAt',
        ])
        .orderBy(`d.${field}`, sort.direction)
        .orderBy('d.id', sort.direction)
        .limit(end)
        .as('part'),
    )
    .selectAll();
  const both = parts.reminders && parts.reports ? reminderPart.unionAll(reportPart) : null;
  const merged = both ?? (parts.reports ? reportPart : reminderPart);
  const [reminderCount, reportCount, rows] = await Promise.all([
    parts.reminders ? countRows(reminders(db, filters)) : 0,
    parts.reports ? countRows(reports(db, filters)) : 0,
    !parts.reminders && !parts.reports
      ? []
      : db
          .selectFrom(merged.as('x'))
          .innerJoin('users as u', 'u.id', 'x.recipientId')
          .leftJoin('notifications as n', 'n.id', 'x.notificationId')
          .leftJoin('tasks as t', 't.id', 'n.taskId')
          .leftJoin('corrective_actions as ca', 'ca.id', 'n.correctiveActionId')
          .leftJoin('facilities as f', 'f.id', 'x.facilityId')
          .leftJoin('report_subscriptions as s', 's.id', 'x.subscriptionId')
          .select(userNameColumns('u'))
          .select([
            'x.id',
            'x.recipientId',
            'x.notificationId',
            'x.subscriptionId',
            'x.facilityId',
            'x.periodKey',
            'x.status',
            'x.attempts',
            'x.lastError',
            'x.sentAt',
            'x.createdAt',
            'x.updatedAt',
            'n.category',
            'n.step',
            'n.taskId',
            'n.correctiveActionId',
            'ca.findingId',
            subjectTitle.as('taskTitle'),
            'f.name as facilityName',
            's.report',
            's.frequency as reportFrequency',
            's.format as reportFormat',
          ])
          .orderBy(`x.${field}`, sort.direction)
          .orderBy('x.id', sort.direction)
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
  ]);
  return { total: reminderCount + reportCount, rows };
}

export type DeliveryLogRow = {
  id: string;
  recipientId: string;
  notificationId: string | null;
  subscriptionId: string | null;
  facilityId: string | null;
  periodKey: string | null;
  status: DeliveryStatus;
  attempts: number | string | bigint;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
  category: NotificationCategory | null;
  step: string | null;
  taskId: string | null;
  correctiveActionId: string | null;
  findingId: string | null;
  taskTitle: string | null;
  facilityName: string | null;
  report: 'SCORECARD' | 'TREND' | null;
  reportFrequency: 'WEEKLY' | 'MONTHLY' | null;
  reportFormat: 'PDF' | 'XLSX' | null;
  firstName: string;
  lastName: string;
  email: string;
};
