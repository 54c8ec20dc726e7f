import { useT } from '../lib/i18n/use-t';
import { PageLoader } from './page-loader';

/** Shown while the router downloads the code of the first page it opens. */
export function RouteLoader() {
  const t = useT();
  return <PageLoader label={t('app.loading')} />;
}
