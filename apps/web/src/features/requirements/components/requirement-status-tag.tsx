import { Tag } from 'antd';
import type { RequirementStatus } from '@rtms/shared/enums';
import { useT } from '../../../lib/i18n/use-t';

/** ACTIVE makes tasks; RETIRED stops new ones (its history stays). */
export function RequirementStatusTag({ status }: { status: RequirementStatus }) {
  const t = useT();
  return <Tag color={status === 'ACTIVE' ? 'green' : undefined}>{t(`requirementStatus.${status}`)}</Tag>;
}
