import { z } from 'zod';
import { dataOf, idSchema, instantSchema, pageMetaSchema, querySchema, recordSchema } from './common';
import { REPORT_FORMATS, REPORT_GROUP_BYS, reportFiltersShape } from './reports';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

export const REPORT_KINDS = ['SCORECARD', 'TREND'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** WEEKLY: Mondays, the previous week (trend: the 12 months to it); MONTHLY: the 1st, the previous month. */
export const REPORT_FREQUENCIES = ['WEEKLY', 'MONTHLY'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** What a scheduled report shows: its grouping and the Tracker filters of the report. */
export const subscriptionFiltersSchema = z.strictObject({
  groupBy: z.enum(REPORT_GROUP_BYS).default('facility'),
  ...reportFiltersShape,
});
export type SubscriptionFilters = z.infer<typeof subscriptionFiltersSchema>;

/** POST /api/report-subscriptions. */
export const createReportSubscriptionBodySchema = z.strictObject({
  report: z.enum(REPORT_KINDS, { message: 'Use SCORECARD or TREND' }),
  frequency: z.enum(REPORT_FREQUENCIES, { message: 'Use WEEKLY or MONTHLY' }),
  format: z.enum(REPORT_FORMATS, { message: 'Use PDF or XLSX' }),
  filters: subscriptionFiltersSchema.default({ groupBy: 'facility' }),
});
export type CreateReportSubscriptionBody = z.input<typeof createReportSubscriptionBodySchema>;

/**
 * Why a scheduled report is stopped: its user paused it, the one-click unsubscribe link of its mail stopped it,
 * or its user was deactivated.
 */
export const REPORT_SUBSCRIPTION_STOP_REASONS = ['PAUSED', 'UNSUBSCRIBED', 'USER_DEACTIVATED'] as const;
export type ReportSubscriptionStopReason = (typeof REPORT_SUBSCRIPTION_STOP_REASONS)[number];

/** PATCH /api/report-subscriptions/:id: what changes; `active: false` pauses it, `active: true` resumes it. */
export const updateReportSubscriptionBodySchema = z.strictObject({
  frequency: z.enum(REPORT_FREQUENCIES, { message: 'Use WEEKLY or MONTHLY' }).optional(),
  format: z.enum(REPORT_FORMATS, { message: 'Use PDF or XLSX' }).optional(),
  filters: subscriptionFiltersSchema.optional(),
  active: z.boolean({ message: 'Use true or false' }).optional(),
});
export type UpdateReportSubscriptionBody = z.input<typeof updateReportSubscriptionBodySchema>;

export const reportSubscriptionSchema = recordSchema({
  report: z.enum(REPORT_KINDS),
  frequency: z.enum(REPORT_FREQUENCIES),
  format: z.enum(REPORT_FORMATS),
  filters: subscriptionFiltersSchema,
  /** When the last period was sent (null: none yet). */
  lastSentAt: instantSchema.nullable(),
  /** False once stopped (paused, unsubscribed by its mail's link, or its user deactivated): nothing is sent. */
  active: z.boolean(),
  stopReason: z.enum(REPORT_SUBSCRIPTION_STOP_REASONS).nullable(),
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

/** GET /api/report-subscriptions: the caller's own, newest first. */
export const reportSubscriptionListQuerySchema = querySchema({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type ReportSubscriptionListQuery = z.infer<typeof reportSubscriptionListQuerySchema>;

export const reportSubscriptionPageSchema = z.object({
  data: z.array(reportSubscriptionSchema),
  meta: pageMetaSchema,
});
export const reportSubscriptionResponseSchema = dataOf(reportSubscriptionSchema);
export const reportSubscriptionIdParamsSchema = z.object({ id: idSchema });
