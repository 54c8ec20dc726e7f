import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { StatusPage } from '../../components/status-page';
import { reportError } from '../../lib/error-reporting';
import { useT } from '../../lib/i18n/use-t';

/** The 500 page: shown at /500 and whenever a screen throws while rendering. */
export function ServerErrorPage() {
  const t = useT();
  const error = useRouteError();
  useEffect(() => {
    if (error) reportError(error, { during: 'render' });
  }, [error]);
  return <StatusPage status="500" title="500" subTitle={t('error.server')} homeLabel={t('error.goHome')} />;
}
