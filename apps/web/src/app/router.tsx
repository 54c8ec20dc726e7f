import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteLoader } from '../components/route-loader';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { preloadStoredLanguageMessages } from '../lib/interface-settings/settings-store';
import { AREAS } from './areas';
import { RequirePermission, RequireSignedIn, RequireSignedOut } from './route-guards';

/**
 * A screen, downloaded the first time its route opens, so that the sign-in page stays small (PRODUCT §7):
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
  users: () => import('../features/users/components/users-page').then((m) => m.UsersPage),
  facilities: () => import('../features/facilities/components/facilities-page').then((m) => m.FacilitiesPage),
  'user-facilities': () =>
    import('../features/user-facilities/components/user-facilities-page').then((m) => m.UserFacilitiesPage),
  regulations: () => import('../features/regulations/components/regulations-page').then((m) => m.RegulationsPage),
  'program-areas': () =>
    import('../features/program-areas/components/program-areas-page').then((m) => m.ProgramAreasPage),
  audit: () => import('../features/audit/components/audit-page').then((m) => m.AuditPage),
  dashboard: () => import('../features/dashboard/components/dashboard-page').then((m) => m.DashboardPage),
  calendar: () => import('../features/calendar/components/calendar-page').then((m) => m.CalendarPage),
  requirements: () => import('../features/requirements/components/requirements-page').then((m) => m.RequirementsPage),
  tasks: () => import('../features/tasks/components/tasks-page').then((m) => m.TasksPage),
  'task-documents': () =>
    import('../features/documents/components/task-documents-page').then((m) => m.TaskDocumentsPage),
  'documents-library': () =>
    import('../features/documents/components/documents-library-page').then((m) => m.DocumentsLibraryPage),
  'archive-documents': () =>
    import('../features/documents/components/archive-documents-page').then((m) => m.ArchiveDocumentsPage),
};

const areaRoutes: RouteObject[] = AREAS.map((area) => ({
  path: area.path,
  lazy: async () => {
    const load = SCREENS[area.key];
    let Screen: ComponentType;
    if (load) {
      Screen = await load();
    } else {
      const { ComingSoonPage } = await import('./routes/coming-soon-page');
      Screen = () => <ComingSoonPage area={area.label} />;
    }
    const permission = area.permission;
    return {
      Component: permission
        ? () => (
            <RequirePermission permission={permission}>
              <Screen />
            </RequirePermission>
          )
        : Screen,
    };
  },
}));

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
              {
                path: '/facilities/:id',
                lazy: async () => ({
                  Component: (await import('../features/facilities/components/facility-detail-page'))
                    .FacilityDetailPage,
                }),
              },
              {
                path: '/requirements/:id',
                lazy: async () => ({
                  Component: (await import('../features/requirements/components/requirement-detail-page'))
                    .RequirementDetailPage,
                }),
              },
              {
                path: '/tasks/:id',
                lazy: async () => ({
                  Component: (await import('../features/tasks/components/task-detail-page')).TaskDetailPage,
                }),
              },
              {
                path: '/change-password',
                lazy: async () => ({
                  Component: (await import('../features/auth/components/change-password-page')).ChangePasswordPage,
                }),
              },
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
