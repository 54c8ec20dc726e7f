import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can, type Permission } from '@rtms/shared/permissions';
import { useAuth } from '../lib/auth/auth-context';
import { useT } from '../lib/i18n/use-t';
import { PageLoader } from '../components/page-loader';
import { ForbiddenPage } from './routes/forbidden-page';

/** Protected pages: a loader while the user loads, /signin when signed out, /change-password when a new password is due. */
export function RequireSignedIn() {
  const t = useT();
  const { status, user, connectionError } = useAuth();
  const location = useLocation();
  if (status === 'loading')
    return <PageLoader label={t('app.loading')} detail={connectionError ? t('app.serverUnreachable') : null} />;
  if (status === 'signedOut' || !user) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (user.mustChangePassword && location.pathname !== '/change-password')
    return <Navigate to="/change-password" replace />;
  return <Outlet />;
}

/** Authentication pages (/signin, /signup): a signed-in user goes to /. */
export function RequireSignedOut() {
  const t = useT();
  const { status, connectionError } = useAuth();
  if (status === 'loading')
    return <PageLoader label={t('app.loading')} detail={connectionError ? t('app.serverUnreachable') : null} />;
  if (status === 'signedIn') return <Navigate to="/" replace />;
  return <Outlet />;
}

/** A role-limited page: the same `can()` the server enforces decides whether it shows. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { user } = useAuth();
  return can(user?.role, permission) ? children : <ForbiddenPage />;
}
