import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@rtms/shared/interface-settings';
import { InterfaceSettingsProvider, SETTINGS_STORAGE_KEY, useInterfaceSettings } from './settings-store';
import { probeOf } from '../../components/data/testing';

/** The first download of a language's files can take a while in a cold test run. */
const SLOW = { timeout: 5000 };

let api: ReturnType<typeof useInterfaceSettings>;
/** Hands the store to the test after each render, and shows the settings. */
const Probe = probeOf(
  useInterfaceSettings,
  (value) => {
    api = value;
  },
  ({ settings }) => (
    <output>{`${settings.navStyle} ${settings.navCollapsed} ${settings.locale.locale} ${settings.isDirectionRTL}`}</output>
  ),
);

const renderStore = () =>
  render(
    <InterfaceSettingsProvider>
      <Probe />
    </InterfaceSettingsProvider>,
  );

describe('interface settings store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    document.documentElement.removeAttribute('lang');
    document.documentElement.removeAttribute('dir');
  });

  it('starts from the original application’s defaults and the window width', () => {
    renderStore();
    expect(screen.getByRole('status').textContent).toBe('NAV_STYLE_FIXED false en false');
    expect(api.settings.layoutType).toBe('LAYOUT_TYPE_FULL');
    expect(api.settings.themeType).toBe('THEME_TYPE_SEMI_DARK');
    expect(api.settings.width).toBe(window.innerWidth);
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('keeps the settings in this browser and ignores a damaged copy', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"navStyle":"NAV_STYLE_NOPE"}');
    renderStore();
    expect(api.settings.navStyle).toBe('NAV_STYLE_FIXED');
    act(() => api.update({ themeType: 'THEME_TYPE_DARK', layoutType: 'LAYOUT_TYPE_BOXED' }));
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({
      themeType: 'THEME_TYPE_DARK',
      layoutType: 'LAYOUT_TYPE_BOXED',
    });
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('gives a new navigation style its collapsed state', () => {
    renderStore();
    act(() => api.update({ navStyle: 'NAV_STYLE_MINI_SIDEBAR' }));
    expect(screen.getByRole('status').textContent).toBe('NAV_STYLE_MINI_SIDEBAR true en false');
    act(() => api.update({ navStyle: 'NAV_STYLE_DEFAULT_HORIZONTAL' }));
    expect(screen.getByRole('status').textContent).toBe('NAV_STYLE_DEFAULT_HORIZONTAL false en false');
  });

  it('switches to Arabic right to left once its texts have loaded, and back', async () => {
    renderStore();
    act(() => api.setLanguage('ar'));
    // The document is written by an effect, which React may run after the render the status shows (under load).
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe('NAV_STYLE_FIXED false ar true');
      expect(document.documentElement.lang).toBe('ar');
    }, SLOW);
    expect(api.settings.locale).toEqual({ languageId: 'arabic', locale: 'ar', name: 'العربية', icon: 'sa' });
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.body.classList.contains('rtl')).toBe(true);
    act(() => api.setLanguage('fr'));
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'), SLOW);
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.body.classList.contains('rtl')).toBe(false);
  });

  it('replaces everything with another copy (the server one)', async () => {
    renderStore();
    act(() =>
      api.replace({
        ...DEFAULT_PREFERENCES,
        navStyle: 'NAV_STYLE_BELOW_HEADER',
        locale: { ...DEFAULT_PREFERENCES.locale, languageId: 'spanish', locale: 'es', name: 'Español', icon: 'es' },
      }),
    );
    await waitFor(() => expect(api.settings.locale.locale).toBe('es'), SLOW);
    expect(api.settings.navStyle).toBe('NAV_STYLE_BELOW_HEADER');
  });
});
