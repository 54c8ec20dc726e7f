/**
 * A facility's red / amber / green compliance status, from the figures of GET /api/tasks/summary for
 * that facility. The rule is written beside the status on screen (its thresholds are these constants),
 * so a manager can check it by hand:
 *
 * - RED: a task was missed (completed after its grace period) in the last 12 months, a finding of HIGH or
 *   CRITICAL severity is open, or the on-time rate of those 12 months is below RED_BELOW_RATE;
 * - AMBER: a task is overdue now, or the on-time rate is below AMBER_BELOW_RATE;
 * - GREEN: otherwise (no completion yet counts as no evidence against the facility).
 */
export const RED_BELOW_RATE = 0.8;
export const AMBER_BELOW_RATE = 0.95;

export const COMPLIANCE_STATUSES = ['RED', 'AMBER', 'GREEN'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export interface ComplianceFigures {
  overdue: number;
  missed: number;
  /** On time / all completions of the last 12 months; null without any completion. */
  rate: number | null;
  /** Open findings of HIGH or CRITICAL severity (none when not counted). */
  openHighFindings?: number;
}

/** What decided the status, so the screen can say why (e.g. "2 overdue"). */
export type ComplianceReason = 'MISSED' | 'HIGH_FINDINGS' | 'LOW_RATE' | 'OVERDUE' | 'NONE';

export function complianceStatusOf(figures: ComplianceFigures): { status: ComplianceStatus; reason: ComplianceReason } {
  if (figures.missed > 0) return { status: 'RED', reason: 'MISSED' };
  if ((figures.openHighFindings ?? 0) > 0) return { status: 'RED', reason: 'HIGH_FINDINGS' };
  if (figures.rate !== null && figures.rate < RED_BELOW_RATE) return { status: 'RED', reason: 'LOW_RATE' };
  if (figures.overdue > 0) return { status: 'AMBER', reason: 'OVERDUE' };
  if (figures.rate !== null && figures.rate < AMBER_BELOW_RATE) return { status: 'AMBER', reason: 'LOW_RATE' };
  return { status: 'GREEN', reason: 'NONE' };
}
