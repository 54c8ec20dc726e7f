import { Tag } from 'antd';
import type { FacilityStatus } from '@rtms/shared/enums';
import { useT } from '../../../lib/i18n/use-t';

export function FacilityStatusTag({ status }: { status: FacilityStatus }) {
  const t = useT();
  return <Tag color={status === 'ACTIVE' ? 'green' : undefined}>{t(`facilityStatus.${status}`)}</Tag>;
}
