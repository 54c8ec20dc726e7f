import { useEffect } from 'react';
import { Alert, Skeleton } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { NotFoundPage } from '../../../app/routes/not-found-page';
import { useReportEmbed } from '../api/report-embed';
import './report-embed.css';

/**
 * Whether this document was loaded at this page's address. A page's Content Security Policy is fixed when its
 * document loads, and only a policy sent after the report's address was set frames the report's host: reached
 * from another screen, the page loads itself once more (its address is then the document's).
 */
function loadedHere(): boolean {
  const [navigation] = performance.getEntriesByType('navigation');
  return !navigation || new URL(navigation.name).pathname === window.location.pathname;
}

/**
 * "Power BI Report": the report an administrator set in Settings → Reports, embedded. The report signs the viewer
 * in itself (its own host); the page's Content Security Policy frames that host only. Without an address: not found.
 */
export function PowerBiPage() {
  const t = useT();
  const embed = useReportEmbed();
  const stale = Boolean(embed.data?.url) && !loadedHere();
  useEffect(() => {
    if (stale) window.location.reload();
  }, [stale]);
  if (embed.isPending || stale) return <Skeleton active />;
  if (embed.error) return <Alert type="error" showIcon title={embed.error.message} role="alert" />;
  if (!embed.data.url) return <NotFoundPage />;
  return (
    <>
      <PageHeader title={t('nav.powerBiReport')} />
      <iframe
        className="power-bi__frame"
        title={t('powerBi.frameTitle')}
        src={embed.data.url}
        allowFullScreen
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-popups-to-escape-sandbox"
      />
    </>
  );
}
