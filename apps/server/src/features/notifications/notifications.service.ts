import type { Kysely } from 'kysely';
import { diffDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { Notification, NotificationDelivery, NotificationPreferences } from '@rtms/shared/schemas/notifications';
import type { PageMeta } from '@rtms/shared/schemas/common';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { facilityScopeOf, scopeFacilityIds } from '../user-facilities/facility-scope';
import { sendDueDeliveries, type SendResult } from './delivery-sender';
import type { Mailer } from './mailer';
import { readPreferences, writePreferences } from './notification-preferences';
import { sweepReminders, type SweepOptions, type SweepResult } from './reminder-sweep';
import type { UnsubscribeLinks, UnsubscribeScope } from './unsubscribe-links';

export interface NotificationsService {
  list(
    principal: Principal,
    query: { page: number; pageSize: number; unread?: 'true' | 'false' },
  ): Promise<{ data: Notification[]; meta: PageMeta }>;
  unreadCount(principal: Principal): Promise<number>;
  markRead(principal: Principal, id: string): Promise<Notification>;
  markAllRead(principal: Principal): Promise<{ updated: number }>;
  getPreferences(principal: Principal): Promise<NotificationPreferences>;
  replacePreferences(principal: Principal, preferences: NotificationPreferences): Promise<NotificationPreferences>;
  listDeliveries(
    principal: Principal,
    query: { page: number; pageSize: number; status?: string; facilityId?: string; recipientId?: string },
  ): Promise<{ data: NotificationDelivery[]; meta: PageMeta }>;
  /** The scope of a genuine unsubscribe token, or null. */
  verifyUnsubscribe(token: string): { scope: UnsubscribeScope } | null;
  /** Applies a signed unsubscribe link; null for a forged one or an unknown user. */
  unsubscribe(token: string): Promise<{ scope: UnsubscribeScope } | null>;
  /** One sweep (creates what is due) then one sending round. */
  runReminders(): Promise<{ sweep: SweepResult; send: SendResult }>;
  sweep(options?: SweepOptions): Promise<SweepResult>;
  send(): Promise<SendResult>;
}

export interface NotificationsDeps {
  dialect: Dialect;
  clock: Clock;
  mailer: Mailer | null;
  links: UnsubscribeLinks;
  appName: string;
  publicUrl: string;
  owner: string;
}

export function createNotificationsService(db: Kysely<Database>, deps: NotificationsDeps): NotificationsService {
  const { clock } = deps;

  /**
   * My released notifications, about facilities still in my scope: a user taken off a facility no longer sees
   * what they were told about it (the rows stay, for the delivery log).
   */
  const notificationQuery = async (principal: Principal) => {
    const facilityIds = scopeFacilityIds(await facilityScopeOf(db, principal));
    let query = db
      .selectFrom('notifications as n')
      .innerJoin('tasks as t', 't.id', 'n.taskId')
      .innerJoin('facilities as f', 'f.id', 'n.facilityId')
      .where('n.userId', '=', principal.id)
      .where('n.availableAt', '<=', nowIso(clock()));
    if (facilityIds) query = query.where('n.facilityId', 'in', facilityIds.length ? facilityIds : ['']);
    return query;
  };

  const columns = [
    'n.id',
    'n.category',
    'n.step',
    'n.taskId',
    'n.facilityId',
    'n.readAt',
    'n.createdAt',
    'n.availableAt',
    't.title as taskTitle',
    't.dueDate',
    'f.name as facilityName',
    'f.timeZone',
  ] as const;

  type Row = {
    id: string;
    category: Notification['category'];
    step: string;
    taskId: string;
    facilityId: string;
    readAt: string | null;
    createdAt: string;
    availableAt: string;
    taskTitle: string;
    dueDate: string;
    facilityName: string;
    timeZone: string;
  };
  const toNotification = (row: Row): Notification => ({
    _id: row.id,
    category: row.category,
    step: row.step,
    taskId: row.taskId,
    taskTitle: row.taskTitle,
    facilityId: row.facilityId,
    facilityName: row.facilityName,
    dueDate: row.dueDate,
    daysUntilDue: diffDays(row.dueDate, todayInTimeZone(row.timeZone, clock())),
    read: row.readAt !== null,
    readAt: row.readAt,
    // Held items appear when released: their time in the list is that of release.
    createdAt: row.availableAt > row.createdAt ? row.availableAt : row.createdAt,
  });

  const sender = () =>
    sendDueDeliveries(
      {
        db,
        dialect: deps.dialect,
        mailer: deps.mailer,
        links: deps.links,
        appName: deps.appName,
        publicUrl: deps.publicUrl,
        owner: deps.owner,
      },
      clock(),
    );

  const service: NotificationsService = {
    async list(principal, query) {
      let base = await notificationQuery(principal);
      if (query.unread === 'true') base = base.where('n.readAt', 'is', null);
      if (query.unread === 'false') base = base.where('n.readAt', 'is not', null);
      const [rows, total] = await Promise.all([
        base
          .select(columns)
          .orderBy('n.availableAt', 'desc')
          .orderBy('n.id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      ]);
      return {
        data: rows.map(toNotification),
        meta: { total: Number(total?.total ?? 0), page: query.page, pageSize: query.pageSize },
      };
    },
    async unreadCount(principal) {
      const row = await (
        await notificationQuery(principal)
      )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('n.readAt', 'is', null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    async markRead(principal, id) {
      const row = await (await notificationQuery(principal)).select(columns).where('n.id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Notification');
      if (row.readAt) return toNotification(row);
      const readAt = nowIso(clock());
      await db.updateTable('notifications').set({ readAt }).where('id', '=', id).where('readAt', 'is', null).execute();
      return toNotification({ ...row, readAt });
    },
    async markAllRead(principal) {
      const result = await db
        .updateTable('notifications')
        .set({ readAt: nowIso(clock()) })
        .where('userId', '=', principal.id)
        .where('readAt', 'is', null)
        .where('availableAt', '<=', nowIso(clock()))
        .executeTakeFirst();
      return { updated: Number(result.numUpdatedRows) };
    },
    getPreferences: (principal) => readPreferences(db, principal.id),
    async replacePreferences(principal, preferences) {
      await writePreferences(db, principal.id, preferences, nowIso(clock()));
      return readPreferences(db, principal.id);
    },
    async listDeliveries(principal, query) {
      const facilityIds = scopeFacilityIds(await facilityScopeOf(db, principal));
      let base = db
        .selectFrom('notification_deliveries as d')
        .innerJoin('notifications as n', 'n.id', 'd.notificationId')
        .innerJoin('tasks as t', 't.id', 'n.taskId')
        .innerJoin('users as u', 'u.id', 'd.recipientId');
      if (facilityIds) {
        if (facilityIds.length === 0)
          return { data: [], meta: { total: 0, page: query.page, pageSize: query.pageSize } };
        base = base.where('d.facilityId', 'in', facilityIds);
      }
      if (query.status) base = base.where('d.status', '=', query.status as NotificationDelivery['status']);
      if (query.facilityId) base = base.where('d.facilityId', '=', query.facilityId);
      if (query.recipientId) base = base.where('d.recipientId', '=', query.recipientId);
      const [rows, total] = await Promise.all([
        base
          .select([
            'd.id',
            'd.notificationId',
            'd.recipientId',
            'd.facilityId',
            'd.channel',
            'd.status',
            'd.attempts',
            'd.lastError',
            'd.sentAt',
            'd.createdAt',
            'd.updatedAt',
            'n.category',
            'n.step',
            'n.taskId',
            't.title as taskTitle',
            'u.firstName',
            'u.lastName',
            'u.email',
          ])
          .orderBy('d.updatedAt', 'desc')
          .orderBy('d.id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      ]);
      return {
        data: rows.map((row) => ({
          _id: row.id,
          notificationId: row.notificationId,
          recipientId: row.recipientId,
          recipientName: `${row.firstName} ${row.lastName}`.trim() || row.email,
          recipientEmail: row.email,
          taskId: row.taskId,
          taskTitle: row.taskTitle,
          facilityId: row.facilityId,
          category: row.category,
          step: row.step,
          channel: row.channel,
          status: row.status,
          attempts: Number(row.attempts),
          lastError: row.lastError,
          sentAt: row.sentAt,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        })),
        meta: { total: Number(total?.total ?? 0), page: query.page, pageSize: query.pageSize },
      };
    },
    verifyUnsubscribe(token) {
      const verified = deps.links.verify(token);
      return verified ? { scope: verified.scope } : null;
    },
    async unsubscribe(token) {
      const verified = deps.links.verify(token);
      if (!verified) return null;
      const user = await db.selectFrom('users').select('id').where('id', '=', verified.userId).executeTakeFirst();
      if (!user) return null;
      const preferences = await readPreferences(db, verified.userId);
      const categories = { ...preferences.categories };
      // Escalations cannot be turned off: "unsubscribing" moves them into the digest (false = digest).
      if (verified.scope === 'ALL') {
        for (const category of Object.keys(categories) as (keyof typeof categories)[]) {
          if (category !== 'ESCALATION') categories[category] = false;
        }
      } else categories[verified.scope] = false;
      await writePreferences(db, verified.userId, { ...preferences, categories }, nowIso(clock()));
      return { scope: verified.scope };
    },
    sweep: (options) => sweepReminders(db, deps.dialect, clock(), options),
    send: sender,
    async runReminders() {
      const sweep = await service.sweep();
      const send = await service.send();
      return { sweep, send };
    },
  };
  return service;
}
