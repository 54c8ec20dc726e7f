import { lazy, Suspense, use, useEffect, useState } from 'react';
import { App as AntdApp, Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { APP_VERSION } from '@rtms/shared/constants';
import { InsideShellProvider } from '../../components/landmarks';
import { RouteLoader } from '../../components/route-loader';
import { loadFullMessages } from '../../lib/i18n/locale-resources';
import { useT } from '../../lib/i18n/use-t';
import { usePublicConfig } from '../../lib/public-config';
import { isDesktopWidth, resolveNavigation } from '../../lib/interface-settings/navigation';
import { useInterfaceSettings } from '../../lib/interface-settings/settings-store';
import { AppHeader, HorizontalNavigation } from './app-header';
import { OpenedOnce } from './opened-once';
import { Sidebar } from './sidebar';

// Both start closed: their chunks (antd's Drawer, the menu in the drawer, the settings' pictures) download when
// they are first opened, not before the first page's paint.
const InterfaceSettingsPanel = lazy(() =>
  import('./interface-settings-panel').then((m) => ({ default: m.InterfaceSettingsPanel })),
);
const NavigationDrawer = lazy(() => import('./navigation-drawer').then((m) => ({ default: m.NavigationDrawer })));

const THEME_CLASS = {
  THEME_TYPE_SEMI_DARK: 'semi-dark',
  THEME_TYPE_LITE: 'lite',
  THEME_TYPE_DARK: 'dark',
} as const;

const LAYOUT_CLASS = {
  LAYOUT_TYPE_FULL: 'full',
  LAYOUT_TYPE_BOXED: 'boxed',
  LAYOUT_TYPE_FRAMED: 'framed',
} as const;

/** The shell waits for the whole catalogue of the language (the sign-in page has only the public messages). */
export function AppShell() {
  return (
    <Suspense fallback={<RouteLoader />}>
      <ShellWithMessages />
    </Suspense>
  );
}

function ShellWithMessages() {
  const { settings } = useInterfaceSettings();
  use(loadFullMessages(settings.locale.locale));
  return <Shell />;
}

/**
 * The signed-in frame, drawn from the interface settings: a sidebar (fixed, mini, or without header), a
 * drawer, or a horizontal menu (inside, below or above the header); full, boxed or framed; semi-dark, lite
 * or dark. Below 992 px every style becomes the drawer and boxed or framed become full.
 */
function Shell() {
  const t = useT();
  const config = usePublicConfig();
  const { settings, setPathname } = useInterfaceSettings();
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on: a new page (or leaving drawer mode) closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const nav = resolveNavigation(settings.navStyle, settings.navCollapsed, settings.width);
  const isDesktop = isDesktopWidth(settings.width);
  const theme = THEME_CLASS[settings.themeType];
  const layout = isDesktop ? LAYOUT_CLASS[settings.layoutType] : 'full';
  const sidebarTheme = theme === 'lite' ? 'light' : 'dark';

  const drawerOpen = nav.kind === 'drawer' && drawerOpenOn === pathname;

  useEffect(() => setPathname(pathname), [pathname, setPathname]);

  const openSettings = () => setSettingsOpen(true);
  const header = (
    <AppHeader
      nav={nav}
      onOpenDrawer={() => setDrawerOpenOn(pathname)}
      onOpenSettings={openSettings}
      drawerOpen={drawerOpen}
    />
  );

  return (
    <InsideShellProvider>
      <AntdApp className={`app-frame app-frame--${layout} app-frame--${theme}`}>
        <a className="skip-link" href="#main-content">
          {t('app.skipToContent')}
        </a>
        <Layout
          className={`app-shell app-shell--${theme} app-shell--nav-${nav.kind}`}
          hasSider={nav.kind === 'sidebar'}
        >
          {nav.kind === 'sidebar' ? (
            <Sidebar
              collapsed={nav.collapsed}
              hasHeader={nav.hasHeader}
              theme={sidebarTheme}
              onOpenSettings={openSettings}
            />
          ) : null}
          <Layout className="app-main">
            {nav.kind === 'horizontal' ? (
              <div className={`app-topbar app-topbar--${nav.position}`}>
                {nav.position === 'above' ? <HorizontalNavigation band={nav.band} /> : null}
                {header}
                {nav.position === 'below' ? <HorizontalNavigation band={nav.band} /> : null}
              </div>
            ) : nav.kind === 'drawer' || nav.hasHeader ? (
              header
            ) : null}
            <Layout.Content id="main-content" className="app-content" tabIndex={-1}>
              <Outlet />
            </Layout.Content>
            <Layout.Footer className="app-footer">
              <span>{t('app.footer', { company: config.companyName })}</span>
              <span>{APP_VERSION}</span>
            </Layout.Footer>
          </Layout>
        </Layout>
        {nav.kind === 'drawer' ? (
          <OpenedOnce open={drawerOpen}>
            {(open) => <NavigationDrawer open={open} onClose={() => setDrawerOpenOn(null)} theme={sidebarTheme} />}
          </OpenedOnce>
        ) : null}
        <OpenedOnce open={settingsOpen}>
          {(open) => <InterfaceSettingsPanel open={open} onClose={() => setSettingsOpen(false)} />}
        </OpenedOnce>
      </AntdApp>
    </InsideShellProvider>
  );
}
