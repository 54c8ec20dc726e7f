import { Alert, Button, Drawer, Typography } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { DESKTOP_BREAKPOINT } from '@rtms/shared/constants';
import {
  DEFAULT_PREFERENCES,
  LANGUAGES,
  LAYOUT_TYPES,
  THEME_TYPES,
  type NavStyle,
} from '@rtms/shared/interface-settings';
import { OptionCards } from '../../components/option-cards';
import { ScrollArea } from '../../components/scroll-area';
import { useT } from '../../lib/i18n/use-t';
import { drawerWidth, isDesktopWidth } from '../../lib/interface-settings/navigation';
import { usePreferencesSyncStatus } from '../../lib/interface-settings/preferences-sync';
import { useInterfaceSettings } from '../../lib/interface-settings/settings-store';
import { LayoutPicture, NavStylePicture, ThemePicture } from './settings-pictures';

const SIDEBAR_STYLES: NavStyle[] = [
  'NAV_STYLE_FIXED',
  'NAV_STYLE_MINI_SIDEBAR',
  'NAV_STYLE_DRAWER',
  'NAV_STYLE_NO_HEADER_EXPANDED_SIDEBAR',
  'NAV_STYLE_NO_HEADER_MINI_SIDEBAR',
];
const HORIZONTAL_STYLES: NavStyle[] = [
  'NAV_STYLE_DEFAULT_HORIZONTAL',
  'NAV_STYLE_DARK_HORIZONTAL',
  'NAV_STYLE_INSIDE_HEADER_HORIZONTAL',
  'NAV_STYLE_BELOW_HEADER',
  'NAV_STYLE_ABOVE_HEADER',
];

/**
 * The interface settings panel: theme, navigation style, layout and language. Every
 * choice applies at once to the page beside the panel (the live preview) and is saved for the user.
 */
export function InterfaceSettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { settings, update, setLanguage, replace } = useInterfaceSettings();
  const syncStatus = usePreferencesSyncStatus();
  const navOptions = (styles: NavStyle[]) =>
    styles.map((navStyle) => ({
      value: navStyle,
      label: t(`navStyle.${navStyle}`),
      picture: <NavStylePicture navStyle={navStyle} />,
    }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('interfaceSettings.title')}
      placement={settings.isDirectionRTL ? 'left' : 'right'}
      size={drawerWidth(settings.width)}
      className="settings-panel"
      rootClassName="settings-panel-root"
      styles={{ body: { padding: 0 } }}
    >
      <ScrollArea className="settings-panel__scroll">
        <div className="settings-panel__body">
          <Typography.Paragraph type="secondary">{t('interfaceSettings.intro')}</Typography.Paragraph>
          {syncStatus === 'failed' ? (
            <Alert type="warning" showIcon className="form-alert" title={t('interfaceSettings.saveFailed')} />
          ) : null}

          <fieldset className="settings-panel__group">
            <legend>{t('interfaceSettings.theme')}</legend>
            <OptionCards
              name="themeType"
              value={settings.themeType}
              onChange={(themeType) => update({ themeType })}
              options={THEME_TYPES.map((themeType) => ({
                value: themeType,
                label: t(`theme.${themeType}`),
                picture: <ThemePicture themeType={themeType} />,
              }))}
            />
          </fieldset>

          <fieldset className="settings-panel__group">
            <legend>{t('interfaceSettings.navStyle')}</legend>
            {isDesktopWidth(settings.width) ? null : (
              <Alert
                type="info"
                showIcon
                className="form-alert"
                title={t('interfaceSettings.narrowNote', { width: DESKTOP_BREAKPOINT })}
              />
            )}
            <Typography.Title level={3} className="settings-panel__subtitle">
              {t('interfaceSettings.navSidebar')}
            </Typography.Title>
            <OptionCards
              name="navStyle"
              value={settings.navStyle}
              onChange={(navStyle) => update({ navStyle })}
              options={navOptions(SIDEBAR_STYLES)}
            />
            <Typography.Title level={3} className="settings-panel__subtitle">
              {t('interfaceSettings.navHorizontal')}
            </Typography.Title>
            <OptionCards
              name="navStyle"
              value={settings.navStyle}
              onChange={(navStyle) => update({ navStyle })}
              options={navOptions(HORIZONTAL_STYLES)}
            />
          </fieldset>

          <fieldset className="settings-panel__group">
            <legend>{t('interfaceSettings.layout')}</legend>
            <OptionCards
              name="layoutType"
              value={settings.layoutType}
              onChange={(layoutType) => update({ layoutType })}
              options={LAYOUT_TYPES.map((layoutType) => ({
                value: layoutType,
                label: t(`layout.${layoutType}`),
                picture: <LayoutPicture layoutType={layoutType} />,
              }))}
            />
          </fieldset>

          <fieldset className="settings-panel__group">
            <legend>{t('interfaceSettings.language')}</legend>
            <OptionCards
              name="locale"
              size="small"
              value={settings.locale.locale}
              onChange={setLanguage}
              options={LANGUAGES.map((language) => ({
                value: language.locale,
                label: language.name,
                lang: language.locale,
              }))}
            />
          </fieldset>

          <Button icon={<UndoOutlined />} onClick={() => replace(DEFAULT_PREFERENCES)}>
            {t('interfaceSettings.reset')}
          </Button>
        </div>
      </ScrollArea>
    </Drawer>
  );
}
