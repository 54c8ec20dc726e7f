import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeType } from '@rtms/shared/interface-settings';

/** The brand green and the dark green of the sidebar; styles/base.css uses the same values. */
export const BRAND_GREEN = '#0f6b3e';
export const SIDEBAR_DARK = '#0b1f17';

/**
 * antd's default secondary and description texts (45 % black), error red, success green and warning gold fall short of
 * WCAG AA contrast (4.5:1) on white and on the grey page; these keep the same hierarchy at readable strengths.
 */
const lightText = {
  // Error, success and warning texts (form messages, Typography "danger"/"success"/"warning", e.g. a task's
  // "Due in 3 days") at AA strength on white and on the grey page; antd's warning gold is 1.7:1.
  colorError: '#cf1322',
  colorSuccess: '#237804',
  colorWarningText: '#ad4e00',
  colorTextSecondary: 'rgba(0, 0, 0, 0.66)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.66)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
};
export const darkText = {
  colorTextSecondary: 'rgba(255, 255, 255, 0.7)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.64)',
  colorTextDescription: 'rgba(255, 255, 255, 0.7)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
};

/** The dark sidebar menu (semi-dark and dark themes) and the menus drawn on it. */
/** The light sidebar and menus (lite theme, light menu bars): a pale green selection with brand-green text. */
const lightMenu = {
  itemSelectedBg: '#e2f0e7',
  itemSelectedColor: BRAND_GREEN,
  itemHoverBg: 'rgba(0, 0, 0, 0.05)',
  itemActiveBg: '#d3e8db',
  horizontalItemSelectedColor: BRAND_GREEN,
};

const darkMenu = {
  darkItemBg: SIDEBAR_DARK,
  darkSubMenuItemBg: '#07150f',
  darkPopupBg: SIDEBAR_DARK,
  darkItemColor: 'rgba(255, 255, 255, 0.78)',
  darkItemHoverColor: '#ffffff',
  darkItemSelectedBg: BRAND_GREEN,
  darkItemSelectedColor: '#ffffff',
  darkGroupTitleColor: 'rgba(255, 255, 255, 0.7)',
};

/**
 * The text shade of antd's coloured tags (`<Tag color="green">`, shade 7 on shade 1) is below 4.5:1 for these
 * hues; shade 8 (9, 10 for the yellows) keeps the hue and reaches AA.
 */
const TAG_TEXT_SHADES = {
  green: '#237804',
  cyan: '#006d75',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#876800',
  lime: '#3f6600',
  volcano: '#ad2102',
};
// antd names each shade twice ("green7" and "green-7"), and both become the CSS variable --ant-green-7.
const readableTagText: ThemeConfig['token'] = Object.fromEntries(
  Object.entries(TAG_TEXT_SHADES).flatMap(([hue, shade]) => [
    [`${hue}7`, shade],
    [`${hue}-7`, shade],
  ]),
);

/**
 * antd derives the background of selected things (table rows, options, date ranges) from the primary
 * colour; from this dark green it is a heavy grey (#a1aba4) on which the green links fall to about 3:1.
 * The sidebar's pale green keeps them above 5:1.
 */
const selectedBackgrounds = { colorPrimaryBg: '#e2f0e7', colorPrimaryBgHover: '#d3e8db' };

const LIGHT: ThemeConfig = {
  algorithm: antdTheme.defaultAlgorithm,
  token: {
    colorPrimary: BRAND_GREEN,
    colorLink: BRAND_GREEN,
    borderRadius: 8,
    ...selectedBackgrounds,
    ...lightText,
    ...readableTagText,
  },
  components: {
    Menu: { ...lightMenu, ...darkMenu },
    Layout: { siderBg: SIDEBAR_DARK, headerBg: '#ffffff', bodyBg: '#f3f5f4', footerBg: '#f3f5f4' },
  },
};

/**
 * Dark: antd's dark algorithm, a brighter green so that links and selected items stay readable on near
 * black (a link in the light theme's green would be about 2.5:1), while white text on a primary button
 * keeps AA contrast.
 */
const DARK: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  token: { colorPrimary: '#1a7f4b', colorLink: '#5fd394', colorLinkHover: '#8be3b3', borderRadius: 8, ...darkText },
  components: {
    Menu: {
      ...darkMenu,
      darkItemSelectedBg: '#1a7f4b',
      // The light menus (horizontal bars) drawn dark by the algorithm: a selection readable on near black.
      itemSelectedColor: '#5fd394',
      horizontalItemSelectedColor: '#5fd394',
      itemSelectedBg: 'rgba(95, 211, 148, 0.14)',
    },
    Layout: { siderBg: SIDEBAR_DARK, headerBg: '#141414', bodyBg: '#0a0a0a', footerBg: '#0a0a0a' },
  },
};

/** antd's theme for each of the original application’s three themes (semi-dark and lite differ only in the sidebar). */
export function themeConfigFor(themeType: ThemeType): ThemeConfig {
  return themeType === 'THEME_TYPE_DARK' ? DARK : LIGHT;
}
