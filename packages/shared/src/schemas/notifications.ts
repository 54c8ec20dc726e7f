import { z } from 'zod';
import {
  dataOf,
  idSchema,
  instantSchema,
  isTimeZone,
  pageOf,
  pageQuerySchema,
  recordSchema,
  wholeNumberFrom,
} from './common';
import { REPORT_FORMATS } from './reports';
import { REPORT_FREQUENCIES, REPORT_KINDS } from './report-subscriptions';

/** How a user receives reminder email ("No floods"). */
export const NOTIFICATION_DELIVERY_MODES = ['IMMEDIATE', 'DAILY_DIGEST', 'WEEKLY_DIGEST'] as const;
export type NotificationDeliveryMode = (typeof NOTIFICATION_DELIVERY_MODES)[number];

/**
 * What a notification is about. Each is a category of email a user can turn off (one-click
 * unsubscribe); ESCALATION cannot be turned off, only moved into the digest.
 */
export const NOTIFICATION_CATEGORIES = [
  'TASK_OPENED',
  'DUE_SOON',
  'DUE_TODAY',
  'OVERDUE',
  'ESCALATION',
  /** A completion to review, a rejected completion, an extension request or its decision (in-app). */
  'REVIEW',
  /** A corrective action of the recipient's due soon, due today or overdue (its escalations are ESCALATION). */
  'CORRECTIVE_ACTION',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** The categories that may come by email (each can be turned off); REVIEW is told in the app only. */
export const EMAIL_NOTIFICATION_CATEGORIES = [
  'TASK_OPENED',
  'DUE_SOON',
  'DUE_TODAY',
  'OVERDUE',
  'ESCALATION',
  'CORRECTIVE_ACTION',
] as const satisfies readonly NotificationCategory[];
export type EmailNotificationCategory = (typeof EMAIL_NOTIFICATION_CATEGORIES)[number];

export const DELIVERY_STATUSES = ['PENDING', 'SENT', 'FAILED', 'SKIPPED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_CHANNELS = ['EMAIL'] as const;

/** What a delivery of the log carries: a reminder (of a task or a corrective action), or a scheduled report. */
export const DELIVERY_KINDS = ['REMINDER', 'REPORT'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/**
 * One in-app notification, about a task or about a corrective action (then `taskId` is null and
 * `correctiveActionId` and its `findingId` are set). `step` is e.g. OPEN, BEFORE-7, BEFORE-1, DUE, OVERDUE-2,
 * ESCALATE-FACILITY.
 */
export const notificationSchema = z.object({
  _id: idSchema,
  category: z.enum(NOTIFICATION_CATEGORIES),
  step: z.string(),
  taskId: idSchema.nullable(),
  correctiveActionId: idSchema.nullable(),
  /** The finding of the corrective action (its page is where the action is done); null for a task. */
  findingId: idSchema.nullable(),
  /** The task's title, or the corrective action's. */
  taskTitle: z.string(),
  facilityId: idSchema,
  facilityName: z.string(),
  dueDate: z.string(),
  /** Whole days until the due date today (negative: days overdue). */
  daysUntilDue: z.number().int(),
  /**
   * Whole days until the due date on the day the step fired, in the facility's time zone (negative: days
   * overdue then): what the notification says ("due in 7 days", "overdue by 3 days"), however long ago it came.
   */
  stepDaysUntilDue: z.number().int(),
  read: z.boolean(),
  readAt: instantSchema.nullable(),
  createdAt: instantSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** Sorts of my notifications: by when they came (default newest first) or by the task's due date. */
export const NOTIFICATION_SORTS = ['-createdAt', 'createdAt', 'dueDate', '-dueDate'] as const;

/** GET /api/notifications: `search` matches the task's requirement (title, citation…) or its facility. */
export const notificationListQuerySchema = pageQuerySchema.extend({
  unread: z.enum(['true', 'false']).optional(),
  category: z.enum(NOTIFICATION_CATEGORIES).optional(),
  sort: z.enum(NOTIFICATION_SORTS).optional(),
});
export const notificationPageSchema = pageOf(notificationSchema);
export const unreadCountSchema = dataOf(z.object({ count: z.number().int() }));
/** POST /api/notifications/:id/read answer. */
export const notificationResponseSchema = dataOf(notificationSchema);
/** POST /api/notifications/read-all answer: how many were marked read. */
export const readAllResponseSchema = dataOf(z.object({ updated: z.number().int() }));

/** Categories added after settings were first saved: a body without them keeps them on, as stored rows do. */
const LATER_CATEGORIES: readonly EmailNotificationCategory[] = ['CORRECTIVE_ACTION'];

const categoriesShape = Object.fromEntries(
  EMAIL_NOTIFICATION_CATEGORIES.map((category) => [
    category,
    LATER_CATEGORIES.includes(category) ? z.boolean().default(true) : z.boolean(),
  ]),
) as {
  [K in Exclude<EmailNotificationCategory, 'CORRECTIVE_ACTION'>]: z.ZodBoolean;
} & { CORRECTIVE_ACTION: z.ZodDefault<z.ZodBoolean> };

/** Email per category: true = send, false = none (for ESCALATION: into the digest instead of at once). */
export const notificationCategoriesSchema = z.object(categoriesShape).strict();
export type NotificationCategories = z.infer<typeof notificationCategoriesSchema>;

const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, 'Unknown time zone (use an IANA name such as Europe/Paris)');

export const notificationPreferencesSchema = z
  .object({
    delivery: z.enum(NOTIFICATION_DELIVERY_MODES),
    digestHour: wholeNumberFrom(0, 23, 'Digest hour must be a whole number from 0 to 23'),
    timeZone: timeZoneSchema,
    quietUntil: z.iso.datetime({ offset: true, message: 'Quiet until must be an ISO-8601 instant' }).nullable(),
    categories: notificationCategoriesSchema,
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesResponseSchema = dataOf(notificationPreferencesSchema);

/**
 * POST /api/users/me/notification-preferences/initial-time-zone body: the browser's IANA time zone, sent by the
 * web app at each sign-in; stored only while the user has none set.
 */
export const initialTimeZoneBodySchema = z.object({ timeZone: timeZoneSchema }).strict();
export type InitialTimeZoneBody = z.infer<typeof initialTimeZoneBodySchema>;

/**
 * One delivery of the log. A reminder (`kind` REMINDER) names its notification, task, facility, category and step;
 * a scheduled report (REPORT) its report, frequency, format and the day its period was due (`periodKey`), and
 * those of the other kind are null.
 */
export const notificationDeliverySchema = recordSchema({
  kind: z.enum(DELIVERY_KINDS),
  notificationId: idSchema.nullable(),
  recipientId: idSchema,
  recipientName: z.string(),
  recipientEmail: z.string(),
  /** Null for a corrective action's reminder (then `correctiveActionId` is set) and for a report. */
  taskId: idSchema.nullable(),
  correctiveActionId: idSchema.nullable(),
  findingId: idSchema.nullable(),
  taskTitle: z.string().nullable(),
  facilityId: idSchema.nullable(),
  facilityName: z.string().nullable(),
  category: z.enum(NOTIFICATION_CATEGORIES).nullable(),
  step: z.string().nullable(),
  subscriptionId: idSchema.nullable(),
  report: z.enum(REPORT_KINDS).nullable(),
  reportFrequency: z.enum(REPORT_FREQUENCIES).nullable(),
  reportFormat: z.enum(REPORT_FORMATS).nullable(),
  periodKey: z.string().nullable(),
  channel: z.enum(DELIVERY_CHANNELS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The error of a failure, or why a delivery was skipped. */
  lastError: z.string().nullable(),
  sentAt: instantSchema.nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

/** Sorts of the delivery log: by the last change (default newest first) or by creation. */
export const DELIVERY_SORTS = ['-updatedAt', 'updatedAt', '-createdAt', 'createdAt'] as const;

/**
 * GET /api/notification-deliveries: `search` matches the recipient, the task's requirement or its facility. A
 * category or a facility narrows it to reminders (a report has neither); `kind` to reminders or reports.
 */
export const deliveryListQuerySchema = pageQuerySchema.extend({
  status: z.enum(DELIVERY_STATUSES).optional(),
  kind: z.enum(DELIVERY_KINDS).optional(),
  category: z.enum(NOTIFICATION_CATEGORIES).optional(),
  sort: z.enum(DELIVERY_SORTS).optional(),
  facilityId: idSchema.optional(),
  recipientId: idSchema.optional(),
});
export const deliveryPageSchema = pageOf(notificationDeliverySchema);

/** A daily or periodic job and its last run. */
export const jobSchema = z.object({
  name: z.string(),
  /** How often it runs by itself. */
  schedule: z.string(),
  lastRun: z
    .object({
      day: z.string(),
      startedAt: instantSchema,
      finishedAt: instantSchema.nullable(),
      result: z.record(z.string(), z.unknown()).nullable(),
    })
    .nullable(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobListSchema = z.object({ data: z.array(jobSchema) });
export const jobRunResponseSchema = dataOf(z.object({ name: z.string(), result: z.record(z.string(), z.unknown()) }));
