import { describe, expect, it } from 'vitest';
import { NAV_STYLES } from '@rtms/shared/interface-settings';
import { drawerWidth, resolveNavigation, toggledNavStyle } from './navigation';

describe('resolveNavigation', () => {
  it('draws each style as the original application names it on a desktop window', () => {
    const at1367 = Object.fromEntries(NAV_STYLES.map((style) => [style, resolveNavigation(style, false, 1367)]));
    expect(at1367).toEqual({
      NAV_STYLE_FIXED: { kind: 'sidebar', collapsed: false, hasHeader: true },
      NAV_STYLE_DRAWER: { kind: 'drawer' },
      NAV_STYLE_MINI_SIDEBAR: { kind: 'sidebar', collapsed: true, hasHeader: true },
      NAV_STYLE_NO_HEADER_MINI_SIDEBAR: { kind: 'sidebar', collapsed: true, hasHeader: false },
      NAV_STYLE_NO_HEADER_EXPANDED_SIDEBAR: { kind: 'sidebar', collapsed: false, hasHeader: false },
      NAV_STYLE_DEFAULT_HORIZONTAL: { kind: 'horizontal', position: 'below', band: 'light', darkHeader: false },
      NAV_STYLE_DARK_HORIZONTAL: { kind: 'horizontal', position: 'below', band: 'dark', darkHeader: true },
      NAV_STYLE_INSIDE_HEADER_HORIZONTAL: { kind: 'horizontal', position: 'inside', band: 'light', darkHeader: false },
      NAV_STYLE_BELOW_HEADER: { kind: 'horizontal', position: 'below', band: 'primary', darkHeader: false },
      NAV_STYLE_ABOVE_HEADER: { kind: 'horizontal', position: 'above', band: 'primary', darkHeader: false },
    });
  });

  it('collapses a fixed sidebar when navCollapsed is set', () => {
    expect(resolveNavigation('NAV_STYLE_FIXED', true, 1367)).toEqual({
      kind: 'sidebar',
      collapsed: true,
      hasHeader: true,
    });
  });

  it('turns every style into the drawer below 992 px and keeps it at 992 px', () => {
    for (const style of NAV_STYLES) {
      expect(resolveNavigation(style, false, 991)).toEqual({ kind: 'drawer' });
      if (style !== 'NAV_STYLE_DRAWER') expect(resolveNavigation(style, false, 992).kind).not.toBe('drawer');
    }
  });
});

describe('toggledNavStyle', () => {
  it('moves between a sidebar and its mini twin', () => {
    const toggles: [Parameters<typeof toggledNavStyle>, ReturnType<typeof toggledNavStyle>][] = [
      [['NAV_STYLE_FIXED', false], { navStyle: 'NAV_STYLE_MINI_SIDEBAR', navCollapsed: true }],
      [['NAV_STYLE_MINI_SIDEBAR', true], { navStyle: 'NAV_STYLE_FIXED', navCollapsed: false }],
      [
        ['NAV_STYLE_NO_HEADER_EXPANDED_SIDEBAR', false],
        { navStyle: 'NAV_STYLE_NO_HEADER_MINI_SIDEBAR', navCollapsed: true },
      ],
      [
        ['NAV_STYLE_NO_HEADER_MINI_SIDEBAR', true],
        { navStyle: 'NAV_STYLE_NO_HEADER_EXPANDED_SIDEBAR', navCollapsed: false },
      ],
    ];
    for (const [args, expected] of toggles) expect(toggledNavStyle(...args)).toEqual(expected);
  });
});

describe('drawerWidth', () => {
  it('is 378 px, 736 px when large from 1600 px, and never wider than the window less 48 px', () => {
    expect(drawerWidth(1367)).toBe(378);
    expect(drawerWidth(1920, 'large')).toBe(736);
    expect(drawerWidth(1599, 'large')).toBe(378);
    expect(drawerWidth(1600, 'large')).toBe(736);
    expect(drawerWidth(375)).toBe(327);
  });
});
