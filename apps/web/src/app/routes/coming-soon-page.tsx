import { Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useT } from '../../lib/i18n/use-t';
import type { MessageKey } from '../../lib/i18n/messages/en';
import { PageHeader } from '../../components/page-header';

/** An honest placeholder for an area that is not built yet, inside the shell. */
export function ComingSoonPage({ area }: { area: MessageKey }) {
  const t = useT();
  const name = t(area);
  return (
    <>
      <PageHeader title={name} />
      <Result
        icon={<ClockCircleOutlined />}
        title={t('comingSoon.title', { area: name })}
        subTitle={t('comingSoon.body')}
      />
    </>
  );
}
