import { Tag } from 'antd';
import type { PermitStatus } from '@rtms/shared/enums';
import { useT } from '../../../lib/i18n/use-t';

/** Each status's colour; the words always go with it (colour is never the only sign). */
const COLOURS: Record<PermitStatus, string | undefined> = {
  PENDING: 'blue',
  ACTIVE: 'green',
  EXPIRING: 'orange',
  EXPIRED: 'red',
  ADMINISTRATIVELY_CONTINUED: 'purple',
  SUPERSEDED: undefined,
  TERMINATED: 'magenta',
};

export function PermitStatusTag({ status }: { status: PermitStatus }) {
  const t = useT();
  return <Tag color={COLOURS[status]}>{t(`permitStatus.${status}`)}</Tag>;
}
