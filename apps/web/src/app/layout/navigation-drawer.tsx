import { Button, Drawer } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { ScrollArea } from '../../components/scroll-area';
import { useT } from '../../lib/i18n/use-t';
import { drawerWidth } from '../../lib/interface-settings/navigation';
import { useInterfaceSettings } from '../../lib/interface-settings/settings-store';
import { Brand, Surface, WebsiteLink } from './shell-parts';
import { SidebarMenu } from './sidebar-menu';

/**
 * The navigation as a drawer (the drawer style, and every style below 992 px): 378 px wide, or the window
 * less a strip to tap on a phone; it slides in from the start side and closes on a choice, Escape or a tap
 * outside.
 */
export function NavigationDrawer({
  open,
  onClose,
  theme,
}: {
  open: boolean;
  onClose: () => void;
  theme: 'dark' | 'light';
}) {
  const t = useT();
  const { settings } = useInterfaceSettings();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={settings.isDirectionRTL ? 'right' : 'left'}
      size={drawerWidth(settings.width)}
      className={`app-drawer app-drawer--${theme}`}
      closable={false}
      aria-label={t('app.mainNavigation')}
      styles={{ body: { padding: 0 } }}
    >
      <Surface tone={theme === 'dark' ? 'dark' : 'default'}>
        <div className="app-drawer__inner">
          <div className="app-sider__top">
            <Brand />
            <Button
              type="text"
              className="app-icon-button"
              aria-label={t('app.closeNavigation')}
              icon={<CloseOutlined />}
              onClick={onClose}
            />
          </div>
          <nav aria-label={t('app.mainNavigation')} className="app-sider__nav">
            <ScrollArea className="app-sider__scroll">
              <SidebarMenu theme={theme} onNavigate={onClose} />
            </ScrollArea>
            <WebsiteLink />
          </nav>
        </div>
      </Surface>
    </Drawer>
  );
}
