import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Permission } from '@rtms/shared/permissions';
import { RouteLoader } from '../components/route-loader';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { startUpSessionCheck } from '../lib/auth/get-current-user';
import { readStoredToken } from '../lib/auth/session-storage';
import { preloadStoredLanguageMessages } from '../lib/interface-settings/settings-store';
import { queryClient } from './query-client';
import { AREAS } from './areas';
import { RequirePermission, RequireSignedIn, RequireSignedOut } from './route-guards';

/**
 * A screen, downloaded the first time its route opens, so that the sign-in page stays small:
 * `facilities: () => import('../features/facilities/components/facilities-page').then((m) => m.FacilitiesPage)`.
 */
type ScreenLoader = () => Promise<ComponentType>;

/** The 500 page, with its illustration, is downloaded only when something breaks. */
const ServerErrorPage = lazy(() => import('./routes/server-error-page').then((m) => ({ default: m.ServerErrorPage })));

function RouteError() {
  return (
    <Suspense fallback={<RouteLoader />}>
      <ServerErrorPage />
    </Suspense>
  );
}

/** Screens that are built; every other area shows an honest "coming soon" page inside the shell. */
const SCREENS: Record<string, ScreenLoader> = {
  users: () => import('./pages/users-page').then((m) => m.UsersPage),
  facilities: () => import('../features/facilities/components/facilities-page').then((m) => m.FacilitiesPage),
  'user-facilities': () =>
    import('../features/user-facilities/components/user-facilities-page').then((m) => m.UserFacilitiesPage),
  regulations: () => import('../features/regulations/components/regulations-page').then((m) => m.RegulationsPage),
  'program-areas': () =>
    import('../features/program-areas/components/program-areas-page').then((m) => m.ProgramAreasPage),
  audit: () => import('../features/audit/components/audit-page').then((m) => m.AuditPage),
  dashboard: () => import('./pages/dashboard/dashboard-page').then((m) => m.DashboardPage),
  calendar: () => import('./pages/calendar-page').then((m) => m.CalendarPage),
  requirements: () => import('../features/requirements/components/requirements-page').then((m) => m.RequirementsPage),
  tasks: () => import('../features/tasks/components/tasks-page').then((m) => m.TasksPage),
  permits: () => import('../features/permits/components/permits-page').then((m) => m.PermitsPage),
  reviews: () => import('./pages/reviews-page').then((m) => m.ReviewsPage),
  // The only screen with charts: the chart library comes in this chunk alone (decision 043).
  reports: () => import('../features/reports/components/reports-page').then((m) => m.ReportsPage),
  'task-documents': () =>
    import('../features/documents/components/task-documents-page').then((m) => m.TaskDocumentsPage),
  'documents-library': () =>
    import('../features/documents/components/documents-library-page').then((m) => m.DocumentsLibraryPage),
  'archive-documents': () =>
    import('../features/documents/components/archive-documents-page').then((m) => m.ArchiveDocumentsPage),
  findings: () => import('../features/findings/components/findings-page').then((m) => m.FindingsPage),
  'finding-settings': () =>
    import('../features/findings/components/finding-settings-page').then((m) => m.FindingSettingsPage),
  security: () =>
    import('../features/account-security/components/security-settings-page').then((m) => m.SecuritySettingsPage),
  'power-bi': () => import('../features/report-embed/components/power-bi-page').then((m) => m.PowerBiPage),
  'report-settings': () =>
    import('../features/report-embed/components/report-settings-page').then((m) => m.ReportSettingsPage),
};

/**
 * The data a screen shows first, asked for as soon as the stored session is known good rather than after the
 * shell and the screen have downloaded and rendered: on a cold dashboard the figures travel beside the
 * scripts. Not before the session's answer: a refused token must end the session with the server's reason,
 * and a user who must first change the password or set up a second factor will not see the screen.
 */
const PREFETCHES: Record<string, () => Promise<void>> = {
  dashboard: async () => {
    const [{ taskSummaryQueryOptions }, user] = await Promise.all([
      import('../features/tasks/api/get-task-summary'),
      // Null after start-up (signed in through the form): the session is known good then.
      startUpSessionCheck(readStoredToken() ?? ''),
    ]);
    if (user?.mustChangePassword || user?.mfaEnrolmentRequired) return;
    await queryClient.prefetchQuery(taskSummaryQueryOptions());
  },
};

const areaRoutes: RouteObject[] = AREAS.map((area) => ({
  path: area.path,
  lazy: async () => {
    // A failed session check is the session's to report (auth-context); the screen then asks for itself.
    if (readStoredToken()) PREFETCHES[area.key]?.().catch(() => undefined);
    const load = SCREENS[area.key];
    let Screen: ComponentType;
    if (load) {
      Screen = await load();
    } else {
      const { ComingSoonPage } = await import('./routes/coming-soon-page');
      Screen = () => <ComingSoonPage area={area.label} />;
    }
    return { Component: guarded(Screen, area.permission) };
  },
}));

/** The screen as a route's component: behind `RequirePermission` when the route needs a permission. */
function guarded(Screen: ComponentType, permission: Permission | undefined): ComponentType {
  return permission
    ? () => (
        <RequirePermission permission={permission}>
          <Screen />
        </RequirePermission>
      )
    : Screen;
}

/** A route outside the menu's areas whose screen loads when first visited (`load` as in `SCREENS`). */
function lazyRoute(path: string, load: () => Promise<ComponentType>, permission?: Permission): RouteObject {
  return { path, lazy: async () => ({ Component: guarded(await load(), permission) }) };
}

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <RouteLoader />,
    children: [
      {
        element: <RequireSignedOut />,
        children: [
          { path: '/signin', element: <SignInPage /> },
          {
            path: '/signup',
            lazy: async () => ({ Component: (await import('../features/auth/components/sign-up-page')).SignUpPage }),
          },
        ],
      },
      {
        element: <RequireSignedIn />,
        children: [
          {
            // The signed-in shell and everything in it load after sign-in, not with the sign-in page.
            lazy: async () => {
              const [{ AppShell }] = await Promise.all([import('./layout/app-shell'), preloadStoredLanguageMessages()]);
              return { Component: AppShell };
            },
            children: [
              ...areaRoutes,
              lazyRoute('/facilities/:id', () =>
                import('./pages/facility-detail/facility-detail-page').then((m) => m.FacilityDetailPage),
              ),
              lazyRoute('/requirements/:id', () =>
                import('./pages/requirement-detail-page').then((m) => m.RequirementDetailPage),
              ),
              lazyRoute('/permits/:id', () =>
                import('../features/permits/components/permit-detail-page').then((m) => m.PermitDetailPage),
              ),
              lazyRoute('/tasks/:id', () =>
                import('./pages/task-detail/task-detail-page').then((m) => m.TaskDetailPage),
              ),
              lazyRoute('/findings/:id', () =>
                import('../features/findings/components/finding-detail-page').then((m) => m.FindingDetailPage),
              ),
              lazyRoute(
                '/users/link-requests',
                () => import('../features/users/components/link-requests-page').then((m) => m.LinkRequestsPage),
                'user:manageAdmins',
              ),
              lazyRoute('/account-security', () =>
                import('../features/account-security/components/account-security-page').then(
                  (m) => m.AccountSecurityPage,
                ),
              ),
              lazyRoute('/notifications', () =>
                import('../features/notifications/components/notifications-page').then((m) => m.NotificationsPage),
              ),
              lazyRoute('/notifications/settings', () =>
                import('../features/notifications/components/notification-settings-page').then(
                  (m) => m.NotificationSettingsPage,
                ),
              ),
              lazyRoute(
                '/notifications/deliveries',
                () => import('../features/notifications/components/delivery-log-page').then((m) => m.DeliveryLogPage),
                'notificationDelivery:view',
              ),
              lazyRoute(
                '/jobs',
                () => import('../features/notifications/components/jobs-page').then((m) => m.JobsPage),
                'job:run',
              ),
              lazyRoute('/change-password', () =>
                import('../features/auth/components/change-password-page').then((m) => m.ChangePasswordPage),
              ),
              {
                path: '*',
                lazy: async () => ({ Component: (await import('./routes/not-found-page')).NotFoundPage }),
              },
            ],
          },
        ],
      },
      { path: '/500', element: <RouteError /> },
    ],
  },
]);
