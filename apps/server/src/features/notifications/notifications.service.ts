import type { Kysely } from 'kysely';
import { diffDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { z } from 'zod';
import type {
  deliveryListQuerySchema,
  Notification,
  NotificationDelivery,
  notificationListQuerySchema,
  NotificationPreferences,
} from '@rtms/shared/schemas/notifications';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { listRequest, pageOf, type Page } from '../../platform/list-query';
import { searchPatternsOf } from '../../platform/search-text';
import { facilityScopeOf, scopeFacilityIds } from '../user-facilities/facility-scope';
import { userRows } from '../users/users.repository';
import { sendDueDeliveries, type SendOptions, type SendResult } from './delivery-sender';
import { userEmailLanguage, type EmailLanguage } from './email-messages';
import type { Mailer } from './mailer';
import { adoptTimeZone, readPreferences, writePreferences } from './notification-preferences';
import {
  countNotifications,
  findNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationFilters,
  type NotificationListRow,
} from './notifications.repository';
import { listDeliveryRows, type DeliveryFilters } from './delivery-log.repository';
import { sweepReminders, type SweepOptions, type SweepResult } from './reminder-sweep.repository';
import type { UnsubscribeLinks, UnsubscribeScope } from './unsubscribe-links';

export interface NotificationsService {
  list(principal: Principal, query: NotificationListQuery): Promise<Page<Notification>>;
  unreadCount(principal: Principal): Promise<number>;
  markRead(principal: Principal, id: string): Promise<Notification>;
  markAllRead(principal: Principal): Promise<{ updated: number }>;
  getPreferences(principal: Principal): Promise<NotificationPreferences>;
  replacePreferences(principal: Principal, preferences: NotificationPreferences): Promise<NotificationPreferences>;
  /** The browser's time zone at sign-in, stored only if the caller has none set yet; the settings after. */
  adoptTimeZone(principal: Principal, timeZone: string): Promise<NotificationPreferences>;
  listDeliveries(principal: Principal, query: DeliveryListQuery): Promise<Page<NotificationDelivery>>;
  /** What a genuine unsubscribe token turns off, and its recipient's language; null for a forged one. */
  verifyUnsubscribe(token: string): Promise<UnsubscribeLink | null>;
  /** Applies a signed unsubscribe link; null for a forged one or an unknown user. */
  unsubscribe(token: string): Promise<UnsubscribeLink | null>;
  /** One sweep (creates what is due) then one sending round. */
  runReminders(): Promise<{ sweep: SweepResult; send: SendResult }>;
  sweep(options?: SweepOptions): Promise<SweepResult>;
  send(options?: SendOptions): Promise<SendResult>;
}

/** An unsubscribe link's scope, with what its page is written in. */
export interface UnsubscribeLink {
  scope: UnsubscribeScope;
  language: EmailLanguage;
  appName: string;
}

type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
type DeliveryListQuery = z.infer<typeof deliveryListQuerySchema>;
type NotificationQuery = Partial<Pick<NotificationListQuery, 'unread' | 'category' | 'search'>>;

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
  const mine = async (principal: Principal, query: NotificationQuery = {}): Promise<NotificationFilters> => ({
    userId: principal.id,
    now: nowIso(clock()),
    facilityIds: scopeFacilityIds(await facilityScopeOf(db, principal)),
    ...(query.unread ? { unread: query.unread === 'true' } : {}),
    ...(query.category ? { category: query.category } : {}),
    searchPatterns: searchPatternsOf(query.search),
  });

  const toNotification = (row: NotificationListRow): Notification => ({
    _id: row.id,
    category: row.category,
    step: row.step,
    taskId: row.taskId,
    correctiveActionId: row.correctiveActionId,
    findingId: row.findingId,
    taskTitle: row.taskTitle,
    facilityId: row.facilityId,
    facilityName: row.facilityName,
    dueDate: row.dueDate,
    daysUntilDue: diffDays(row.dueDate, todayInTimeZone(row.timeZone, clock())),
    stepDaysUntilDue: diffDays(row.dueDate, todayInTimeZone(row.timeZone, new Date(row.createdAt))),
    read: row.readAt !== null,
    readAt: row.readAt,
    // Held items appear when released: their time in the list is that of release.
    createdAt: row.availableAt > row.createdAt ? row.availableAt : row.createdAt,
  });

  const sender = (options?: SendOptions) =>
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
      options,
    );

  const service: NotificationsService = {
    async list(principal, query) {
      const filters = await mine(principal, query);
      return pageOf(query, await listNotifications(db, listRequest(query, filters, '-createdAt')), toNotification);
    },
    async unreadCount(principal) {
      return countNotifications(db, { ...(await mine(principal)), unread: true });
    },
    async markRead(principal, id) {
      const row = await findNotification(db, await mine(principal), id);
      if (!row) throw notFound('Notification');
      if (row.readAt) return toNotification(row);
      const readAt = nowIso(clock());
      await markNotificationRead(db, id, readAt);
      return toNotification({ ...row, readAt });
    },
    async markAllRead(principal) {
      return { updated: await markAllNotificationsRead(db, principal.id, nowIso(clock())) };
    },
    getPreferences: (principal) => readPreferences(db, principal.id),
    async replacePreferences(principal, preferences) {
      await writePreferences(db, principal.id, preferences, nowIso(clock()));
      return readPreferences(db, principal.id);
    },
    async adoptTimeZone(principal, timeZone) {
      await adoptTimeZone(db, principal.id, timeZone, nowIso(clock()));
      return readPreferences(db, principal.id);
    },
    async listDeliveries(principal, query) {
      const filters: DeliveryFilters = {
        facilityIds: scopeFacilityIds(await facilityScopeOf(db, principal)),
        ...(query.status ? { status: query.status } : {}),
        ...(query.kind ? { kind: query.kind } : {}),
        ...(query.facilityId ? { facilityId: query.facilityId } : {}),
        ...(query.recipientId ? { recipientId: query.recipientId } : {}),
        ...(query.category ? { category: query.category } : {}),
        searchPatterns: searchPatternsOf(query.search),
      };
      const page = await listDeliveryRows(db, listRequest(query, filters, '-updatedAt'));
      return pageOf(query, page, (row) => ({
        _id: row.id,
        kind: row.subscriptionId ? ('REPORT' as const) : ('REMINDER' as const),
        notificationId: row.notificationId,
        recipientId: row.recipientId,
        recipientName: `${row.firstName} ${row.lastName}`.trim() || row.email,
        recipientEmail: row.email,
        taskId: row.taskId,
        correctiveActionId: row.correctiveActionId,
        findingId: row.findingId,
        taskTitle: row.taskTitle,
        facilityId: row.facilityId,
        facilityName: row.facilityName,
        category: row.category,
        step: row.step,
        subscriptionId: row.subscriptionId,
        report: row.report,
        reportFrequency: row.reportFrequency,
        reportFormat: row.reportFormat,
        periodKey: row.periodKey,
        channel: 'EMAIL' as const,
        status: row.status,
        attempts: Number(row.attempts),
        lastError: row.lastError,
        sentAt: row.sentAt,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      }));
    },
    async verifyUnsubscribe(token) {
      const verified = deps.links.verify(token);
      if (!verified) return null;
      const user = await userRows.findById(db, verified.userId);
      return { scope: verified.scope, language: userEmailLanguage(user?.preferences ?? null), appName: deps.appName };
    },
    async unsubscribe(token) {
      const verified = deps.links.verify(token);
      if (!verified) return null;
      const user = await userRows.findById(db, verified.userId);
      if (!user) return null;
      const preferences = await readPreferences(db, verified.userId);
      const categories = { ...preferences.categories };
      // Escalations cannot be turned off: "unsubscribing" moves them into the digest (false = digest).
      if (verified.scope === 'ALL') {
        for (const category of Object.keys(categories) as (keyof typeof categories)[]) {
          if (category !== 'ESCALATION') categories[category] = false;
        }
      } else if (verified.scope !== 'REVIEW') categories[verified.scope] = false;
      await writePreferences(db, verified.userId, { ...preferences, categories }, nowIso(clock()), { choice: false });
      return { scope: verified.scope, language: userEmailLanguage(user.preferences), appName: deps.appName };
    },
    sweep: (options) => sweepReminders(db, deps.dialect, clock(), options),
    send: (options) => sender(options),
    async runReminders() {
      const sweep = await service.sweep();
      const send = await service.send();
      return { sweep, send };
    },
  };
  return service;
}
