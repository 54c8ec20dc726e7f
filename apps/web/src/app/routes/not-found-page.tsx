import { StatusPage } from '../../components/status-page';
import { useT } from '../../lib/i18n/use-t';

export function NotFoundPage() {
  const t = useT();
  return <StatusPage status="404" title="404" subTitle={t('error.notFound')} homeLabel={t('error.goHome')} />;
}
