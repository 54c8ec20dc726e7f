import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useNeedsMainLandmark } from './landmarks';

/** antd's Result carries three large illustrations: loaded when a status page shows, not with the app. */
const Result = lazy(() => import('antd/es/result'));

/** A full-page message (404, 500, forbidden) with a "Go to Home" link. */
export function StatusPage({
  status,
  title,
  subTitle,
  homeLabel,
}: {
  status: '404' | '500' | '403';
  title: ReactNode;
  subTitle?: ReactNode;
  homeLabel: string;
}) {
  // Inside the shell the page already has a <main>; a second one would confuse landmark navigation.
  const Landmark = useNeedsMainLandmark() ? 'main' : 'div';
  return (
    <Landmark className="status-page">
      <Suspense fallback={null}>
        <Result
          status={status}
          title={title}
          subTitle={subTitle}
          extra={
            <Link to="/" className="status-page__home">
              {/* The link is the one tab stop; the button only gives it its look. */}
              <Button type="primary" tabIndex={-1}>
                {homeLabel}
              </Button>
            </Link>
          }
        />
      </Suspense>
    </Landmark>
  );
}
