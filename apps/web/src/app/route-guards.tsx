import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can, type Permission } from '@rtms/shared/permissions';
import { useAuth } from '../lib/auth/auth-context';
import { useT } from '../lib/i18n/use-t';
import { PageLoader } from '../components/page-loader';
import { ForbiddenPage } from './routes/forbidden-page';

/** The loader while the stored session is checked; it says so when the server does not answer. */
function SessionLoader() {
  const t = useT();
  const { serverUnreachable } = useAuth();
  return <PageLoader label={t('app.loading')} detail={serverUnreachable ? t('app.serverUnreachable') : null} />;
}

/**
 * Protected pages: a loader while the user loads, /signin when signed out, /change-password when a new password is
 * due, /account-security when the role requires a second factor not set up yet.
 */
export function RequireSignedIn() {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <SessionLoader />;
  if (status === 'signedOut' || !user) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (user.mustChangePassword && location.pathname !== '/change-password')
    return <Navigate to="/change-password" replace />;
  // A role that requires a second factor: set it up before anything else (after a required password change).
  if (!user.mustChangePassword && user.mfaEnrolmentRequired && location.pathname !== '/account-security')
    return <Navigate to="/account-security" replace />;
  return <Outlet />;
}

/** Authentication pages (/signin, /signup): a signed-in user goes to /. */
export function RequireSignedOut() {
  const { status } = useAuth();
  if (status === 'loading') return <SessionLoader />;
  if (status === 'signedIn') return <Navigate to="/" replace />;
  return <Outlet />;
}

/** A role-limited page: the same `can()` the server enforces decides whether it shows. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { user } = useAuth();
  return can(user?.role, permission) ? children : <ForbiddenPage />;
}
