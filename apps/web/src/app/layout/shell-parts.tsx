import type { ReactNode } from 'react';
import { Button, ConfigProvider, theme as antdTheme, Tooltip, type ThemeConfig } from 'antd';
import { ExportOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/use-t';
import { usePublicConfig } from '../../lib/public-config';
import { toggledNavStyle } from '../../lib/interface-settings/navigation';
import { useInterfaceSettings } from '../../lib/interface-settings/settings-store';
import { BRAND_GREEN, darkText, SIDEBAR_DARK } from '../../lib/interface-settings/theme';

/** Logo and application name, linking home. Without the name, the logo's text alternative names the link. */
export function Brand({ showName = true }: { showName?: boolean }) {
  const config = usePublicConfig();
  return (
    <Link to="/" className="app-brand">
      <img src={config.logoUrl} alt={showName ? '' : config.appName} width={32} height={32} />
      {showName ? <span className="app-brand__name">{config.appName}</span> : null}
    </Link>
  );
}

/** "Go to website" opens the company site in a new tab. Hidden when no website is configured. */
export function WebsiteLink({ compact = false, className }: { compact?: boolean; className?: string }) {
  const t = useT();
  const config = usePublicConfig();
  if (!config.companyWebsite) return null;
  const label = t('app.goToWebsite');
  const link = (
    <a
      className={`app-website-link${className ? ` ${className}` : ''}`}
      href={config.companyWebsite}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={compact ? label : undefined}
    >
      <ExportOutlined aria-hidden /> {compact ? null : label}
    </a>
  );
  return compact ? (
    <Tooltip title={label} placement="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

/** The control named "Interface settings" that opens the settings panel. */
export function InterfaceSettingsButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  const label = t('interfaceSettings.open');
  return (
    <Tooltip title={label}>
      <Button type="text" icon={<SettingOutlined />} aria-label={label} onClick={onClick} className="app-icon-button" />
    </Tooltip>
  );
}

/** Collapses the sidebar to its mini form and back ("the sidebar collapses"). */
export function CollapseButton({ collapsed }: { collapsed: boolean }) {
  const t = useT();
  const { settings, update } = useInterfaceSettings();
  const label = collapsed ? t('app.expandNavigation') : t('app.collapseNavigation');
  // The fold icons point to the start side; in right-to-left they are mirrored by CSS.
  return (
    <Button
      type="text"
      className="app-icon-button app-collapse-button"
      aria-label={label}
      aria-expanded={!collapsed}
      icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      onClick={() => update(toggledNavStyle(settings.navStyle, collapsed))}
    />
  );
}

const DARK_SURFACE: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  token: { colorBgContainer: SIDEBAR_DARK, colorLink: '#5fd394', ...darkText },
  components: { Layout: { headerBg: SIDEBAR_DARK } },
};

const PRIMARY_SURFACE: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  token: { colorBgContainer: BRAND_GREEN, ...darkText },
  components: {
    Menu: {
      darkItemBg: BRAND_GREEN,
      darkPopupBg: SIDEBAR_DARK,
      darkItemColor: 'rgba(255, 255, 255, 0.9)',
      darkItemHoverColor: '#ffffff',
      darkItemSelectedBg: '#0a4528',
      darkItemSelectedColor: '#ffffff',
    },
  },
};

/**
 * antd components drawn on a dark or brand-green band (the semi-dark sidebar, the dark header, the green
 * menu bar) take light text from antd's dark algorithm, so that nothing dark is drawn on dark.
 */
export function Surface({ tone, children }: { tone: 'default' | 'dark' | 'primary'; children: ReactNode }) {
  if (tone === 'default') return children;
  return <ConfigProvider theme={tone === 'dark' ? DARK_SURFACE : PRIMARY_SURFACE}>{children}</ConfigProvider>;
}
