import type { Selectable } from 'kysely';
import type {
  ReportFrequency,
  ReportKind,
  ReportSubscriptionStopReason,
} from '@rtms/shared/schemas/report-subscriptions';
import type { ReportFormat } from '@rtms/shared/schemas/reports';
import type { TimestampColumns } from '../../db/columns';

/** A user's scheduled report (migration 0220); `filters` is the JSON of its grouping and Tracker filters. */
export interface ReportSubscriptionsTable extends TimestampColumns {
  id: string;
  userId: string;
  report: ReportKind;
  frequency: ReportFrequency;
  format: ReportFormat;
  filters: string;
  /** When it was stopped (null: it runs); migration 0270. */
  stoppedAt: string | null;
  stopReason: ReportSubscriptionStopReason | null;
  /** When it was last resumed: periods due before it are not sent. */
  resumedAt: string | null;
}

/** The scheduled reports' outbox: one row per subscription and period (`periodKey`, the local day it is due). */
export interface ReportDeliveriesTable extends TimestampColumns {
  id: string;
  subscriptionId: string;
  recipientId: string;
  periodKey: string;
  status: 'PENDING' | 'SENT' | 'FAILED' | 'SKIPPED';
  attempts: number;
  lastError: string | null;
  notBefore: string;
  claimedBy: string | null;
  claimedUntil: string | null;
  sentAt: string | null;
}

export type ReportSubscriptionRow = Selectable<ReportSubscriptionsTable>;
export type ReportDeliveryRow = Selectable<ReportDeliveriesTable>;
