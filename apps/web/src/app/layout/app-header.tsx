import { Button, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { LanguageMenu } from '../../components/language-menu';
import { useT } from '../../lib/i18n/use-t';
import { isDesktopWidth, type NavigationLayout } from '../../lib/interface-settings/navigation';
import { useInterfaceSettings } from '../../lib/interface-settings/settings-store';
import { Brand, CollapseButton, InterfaceSettingsButton, Surface, WebsiteLink } from './shell-parts';
import { SidebarMenu } from './sidebar-menu';
import { UserMenu } from './user-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';

/** Below this width the horizontal styles show "Go to website" as an icon. */
const WIDE_HEADER = 1280;

/**
 * The top bar: the drawer button or the collapse button, the brand (when no sidebar shows it), the menu in
 * the "inside header" style, then language, interface settings and the user menu.
 */
export function AppHeader({
  nav,
  drawerOpen,
  onOpenDrawer,
  onOpenSettings,
}: {
  nav: NavigationLayout;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  onOpenSettings: () => void;
}) {
  const t = useT();
  const { settings } = useInterfaceSettings();
  const dark = nav.kind === 'horizontal' && nav.darkHeader;
  return (
    <Surface tone={dark ? 'dark' : 'default'}>
      <Layout.Header className={`app-header${dark ? ' app-header--dark' : ''}`}>
        <div className="app-header__start">
          {nav.kind === 'drawer' ? (
            <Button
              type="text"
              className="app-icon-button"
              aria-label={t('app.openNavigation')}
              aria-expanded={drawerOpen}
              icon={<MenuOutlined />}
              onClick={onOpenDrawer}
            />
          ) : null}
          {nav.kind === 'sidebar' ? <CollapseButton collapsed={nav.collapsed} /> : <Brand />}
        </div>
        {nav.kind === 'horizontal' && nav.position === 'inside' ? (
          <nav aria-label={t('app.mainNavigation')} className="app-header__menu">
            <SidebarMenu mode="horizontal" theme={dark ? 'dark' : 'light'} />
          </nav>
        ) : null}
        <div className="app-header__end">
          {nav.kind === 'horizontal' ? <WebsiteLink compact={settings.width < WIDE_HEADER} /> : null}
          <NotificationBell />
          <LanguageMenu />
          <InterfaceSettingsButton onClick={onOpenSettings} />
          <UserMenu showName={isDesktopWidth(settings.width)} />
        </div>
      </Layout.Header>
    </Surface>
  );
}

/** The menu bar of the horizontal styles, on a light, dark or brand-green band. */
export function HorizontalNavigation({ band }: { band: 'light' | 'dark' | 'primary' }) {
  const t = useT();
  return (
    <Surface tone={band === 'light' ? 'default' : band}>
      <nav aria-label={t('app.mainNavigation')} className={`app-hnav app-hnav--${band}`}>
        <SidebarMenu mode="horizontal" theme={band === 'light' ? 'light' : 'dark'} className="app-hnav__menu" />
      </nav>
    </Surface>
  );
}
