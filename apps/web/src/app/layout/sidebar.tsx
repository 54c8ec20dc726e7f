import { Layout } from 'antd';
import { LanguageMenu } from '../../components/language-menu';
import { ScrollArea } from '../../components/scroll-area';
import { useT } from '../../lib/i18n/use-t';
import { Brand, CollapseButton, InterfaceSettingsButton, Surface, WebsiteLink } from './shell-parts';
import { SidebarMenu } from './sidebar-menu';
import { UserMenu } from './user-menu';

export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_COLLAPSED_WIDTH = 80;

/**
 * The sidebar of the fixed, mini and no-header styles. Without a header it carries the header's controls
 * too: the collapse button, the user menu, language and interface settings.
 */
export function Sidebar({
  collapsed,
  hasHeader,
  theme,
  onOpenSettings,
}: {
  collapsed: boolean;
  hasHeader: boolean;
  theme: 'dark' | 'light';
  onOpenSettings: () => void;
}) {
  const t = useT();
  return (
    <Layout.Sider
      className={`app-sider app-sider--${theme}${collapsed ? ' app-sider--collapsed' : ''}`}
      theme={theme}
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      collapsible
    >
      <Surface tone={theme === 'dark' ? 'dark' : 'default'}>
        <div className="app-sider__inner">
          <div className="app-sider__top">
            <Brand showName={!collapsed} />
            {hasHeader ? null : <CollapseButton collapsed={collapsed} />}
          </div>
          {hasHeader ? null : (
            <div className="app-sider__controls">
              <UserMenu showName={!collapsed} />
              <div className="app-sider__buttons">
                <LanguageMenu />
                <InterfaceSettingsButton onClick={onOpenSettings} />
              </div>
            </div>
          )}
          <nav aria-label={t('app.mainNavigation')} className="app-sider__nav">
            <ScrollArea className="app-sider__scroll">
              <SidebarMenu theme={theme} />
            </ScrollArea>
            <WebsiteLink compact={collapsed} />
          </nav>
        </div>
      </Surface>
    </Layout.Sider>
  );
}
