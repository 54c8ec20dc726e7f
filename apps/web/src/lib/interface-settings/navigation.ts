import { DESKTOP_BREAKPOINT, DRAWER_WIDTH, DRAWER_WIDTH_LARGE } from '@rtms/shared/constants';
import type { LocaleCode, NavStyle } from '@rtms/shared/interface-settings';

/** Where the navigation is drawn, once the navigation style and the window width are known. */
export type NavigationLayout =
  | { kind: 'sidebar'; collapsed: boolean; hasHeader: boolean }
  | { kind: 'drawer' }
  | {
      kind: 'horizontal';
      position: 'inside' | 'below' | 'above';
      band: 'light' | 'dark' | 'primary';
      darkHeader: boolean;
    };

const HORIZONTAL: Partial<Record<NavStyle, Extract<NavigationLayout, { kind: 'horizontal' }>>> = {
  NAV_STYLE_DEFAULT_HORIZONTAL: { kind: 'horizontal', position: 'below', band: 'light', darkHeader: false },
  NAV_STYLE_DARK_HORIZONTAL: { kind: 'horizontal', position: 'below', band: 'dark', darkHeader: true },
  NAV_STYLE_INSIDE_HEADER_HORIZONTAL: { kind: 'horizontal', position: 'inside', band: 'light', darkHeader: false },
  NAV_STYLE_BELOW_HEADER: { kind: 'horizontal', position: 'below', band: 'primary', darkHeader: false },
  NAV_STYLE_ABOVE_HEADER: { kind: 'horizontal', position: 'above', band: 'primary', darkHeader: false },
};

/** The styles whose sidebar shows icons only. */
export function isMiniNavStyle(navStyle: NavStyle): boolean {
  return navStyle === 'NAV_STYLE_MINI_SIDEBAR' || navStyle === 'NAV_STYLE_NO_HEADER_MINI_SIDEBAR';
}

export function isRightToLeft(locale: LocaleCode): boolean {
  return locale === 'ar';
}

/** Whether the window is wide enough for a sidebar or a horizontal menu (992 px). */
export function isDesktopWidth(width: number): boolean {
  return width >= DESKTOP_BREAKPOINT;
}

/**
 * Below 992 px a fixed navigation becomes a drawer and the horizontal menu hides; the same holds
 * for every other style, since neither a sidebar nor a menu bar fits a phone.
 */
export function resolveNavigation(navStyle: NavStyle, navCollapsed: boolean, width: number): NavigationLayout {
  if (!isDesktopWidth(width) || navStyle === 'NAV_STYLE_DRAWER') return { kind: 'drawer' };
  const horizontal = HORIZONTAL[navStyle];
  if (horizontal) return horizontal;
  const hasHeader =
    navStyle !== 'NAV_STYLE_NO_HEADER_MINI_SIDEBAR' && navStyle !== 'NAV_STYLE_NO_HEADER_EXPANDED_SIDEBAR';
  return { kind: 'sidebar', collapsed: isMiniNavStyle(navStyle) || navCollapsed, hasHeader };
}

/**
 * The sidebar's collapse button moves between a style and its mini twin (fixed and mini sidebar; the two
 * no-header styles), so that the settings panel always names what the user sees.
 */
export function toggledNavStyle(navStyle: NavStyle, collapsed: boolean): { navStyle: NavStyle; navCollapsed: boolean } {
  const noHeader =
    navStyle === 'NAV_STYLE_NO_HEADER_MINI_SIDEBAR' || navStyle === 'NAV_STYLE_NO_HEADER_EXPANDED_SIDEBAR';
  if (collapsed) {
    return { navStyle: noHeader ? 'NAV_STYLE_NO_HEADER_EXPANDED_SIDEBAR' : 'NAV_STYLE_FIXED', navCollapsed: false };
  }
  return { navStyle: noHeader ? 'NAV_STYLE_NO_HEADER_MINI_SIDEBAR' : 'NAV_STYLE_MINI_SIDEBAR', navCollapsed: true };
}

/** Width at and above which a drawer asked for as "large" is 736 px wide (below it, 378 px). */
export const LARGE_DRAWER_MIN_WIDTH = 1600;

/**
 * Drawers are 378 px wide, 736 px when large. "Large" is a request by the content (a detail or a
 * preview that needs room) and is granted from 1600 px of window width, where 736 px still leaves most of
 * the page in view. No drawer is wider than the window minus a 48 px strip that shows the page beneath
 * (and closes the drawer when tapped).
 */
export function drawerWidth(windowWidth: number, size: 'default' | 'large' = 'default'): number {
  const wanted = size === 'large' && windowWidth >= LARGE_DRAWER_MIN_WIDTH ? DRAWER_WIDTH_LARGE : DRAWER_WIDTH;
  return Math.max(240, Math.min(wanted, windowWidth - 48));
}
