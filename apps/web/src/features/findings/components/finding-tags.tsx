import { Tag } from 'antd';
import type { CorrectiveActionStatus, FindingSeverity, FindingStatus } from '@rtms/shared/enums';
import { useT } from '../../../lib/i18n/use-t';

// Only tag colours that keep AA contrast in the dark theme too.
const SEVERITY_COLORS: Record<FindingSeverity, string> = {
  LOW: 'default',
  MEDIUM: 'gold',
  HIGH: 'orange',
  CRITICAL: 'red',
};

const STATUS_COLORS: Record<FindingStatus, string> = {
  OPEN: 'red',
  ACTIONS_IN_PROGRESS: 'blue',
  PENDING_VERIFICATION: 'gold',
  CLOSED: 'green',
  CANCELLED: 'default',
};

const ACTION_COLORS: Record<CorrectiveActionStatus, string> = { OPEN: 'blue', DONE: 'green', CANCELLED: 'default' };

export function SeverityTag({ severity }: { severity: FindingSeverity }) {
  const t = useT();
  return <Tag color={SEVERITY_COLORS[severity]}>{t(`findings.severity.${severity}`)}</Tag>;
}

export function FindingStatusTag({ status }: { status: FindingStatus }) {
  const t = useT();
  return <Tag color={STATUS_COLORS[status]}>{t(`findings.status.${status}`)}</Tag>;
}

export function ActionStatusTag({ status, overdue }: { status: CorrectiveActionStatus; overdue: boolean }) {
  const t = useT();
  if (overdue) return <Tag color="red">{t('findings.overdue')}</Tag>;
  return <Tag color={ACTION_COLORS[status]}>{t(`findings.actionStatus.${status}`)}</Tag>;
}
