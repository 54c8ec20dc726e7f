import { Tag } from 'antd';
import { useT } from '../../lib/i18n/use-t';

/** "Active" / "Inactive": inactive rows stay listed (history stays readable) and say so. */
export function ActiveTag({ active }: { active: boolean }) {
  const t = useT();
  return active ? <Tag color="green">{t('data.active')}</Tag> : <Tag>{t('data.inactive')}</Tag>;
}
