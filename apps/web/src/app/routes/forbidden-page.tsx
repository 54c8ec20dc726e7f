import { StatusPage } from '../../components/status-page';
import { useT } from '../../lib/i18n/use-t';

export function ForbiddenPage() {
  const t = useT();
  return <StatusPage status="403" title="403" subTitle={t('error.forbidden')} homeLabel={t('error.goHome')} />;
}
