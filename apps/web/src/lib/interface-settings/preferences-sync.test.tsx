import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES, type Preferences } from '@rtms/shared/interface-settings';
import { PreferencesSyncProvider, SAVE_DELAY_MS } from './preferences-sync';
import { InterfaceSettingsProvider, SETTINGS_STORAGE_KEY, useInterfaceSettings } from './settings-store';
import { probeOf } from '../../components/data/testing';

const auth = vi.hoisted(() => ({ status: 'signedIn', user: { _id: 'u1' } as { _id: string } | null }));
vi.mock('../auth/auth-context', () => ({ useAuth: () => auth }));

/** The first download of a language's files can take a while in a cold test run. */
const SLOW = { timeout: 5000 };

let api: ReturnType<typeof useInterfaceSettings>;
/** Hands the store to the test after each render. */
const Probe = probeOf(useInterfaceSettings, (value) => {
  api = value;
});

const renderSynced = () =>
  render(
    <InterfaceSettingsProvider>
      <PreferencesSyncProvider>
        <Probe />
      </PreferencesSyncProvider>
    </InterfaceSettingsProvider>,
  );

const ARABIC = { languageId: 'arabic', locale: 'ar', name: 'العربية', icon: 'sa' } as const;

describe('preferences sync', () => {
  let server: Preferences;
  let puts: Preferences[];

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 't');
    server = DEFAULT_PREFERENCES;
    puts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        expect(url).toBe('/api/users/me/preferences');
        if (init.method === 'PUT') {
          server = JSON.parse(String(init.body)) as Preferences;
          puts.push(server);
        }
        return new Response(JSON.stringify({ data: server }), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('applies the server copy after sign-in', async () => {
    server = {
      ...DEFAULT_PREFERENCES,
      themeType: 'THEME_TYPE_DARK',
      navStyle: 'NAV_STYLE_ABOVE_HEADER',
      locale: ARABIC,
      isDirectionRTL: true,
    };
    renderSynced();
    await waitFor(() => expect(api.settings.locale.locale).toBe('ar'), SLOW);
    expect(api.settings.themeType).toBe('THEME_TYPE_DARK');
    expect(api.settings.navStyle).toBe('NAV_STYLE_ABOVE_HEADER');
    expect(api.settings.isDirectionRTL).toBe(true);
    expect(puts).toEqual([]);
  });

  it('saves a change once, after the last of a quick series', async () => {
    renderSynced();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    vi.useFakeTimers();
    act(() => api.update({ themeType: 'THEME_TYPE_LITE' }));
    act(() => api.update({ layoutType: 'LAYOUT_TYPE_FRAMED' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 100);
    });
    expect(puts).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(puts).toEqual([{ ...DEFAULT_PREFERENCES, themeType: 'THEME_TYPE_LITE', layoutType: 'LAYOUT_TYPE_FRAMED' }]);
  });

  it('keeps what was chosen before sign-in when the server has never stored anything', async () => {
    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ ...DEFAULT_PREFERENCES, themeType: 'THEME_TYPE_DARK' }),
    );
    renderSynced();
    await waitFor(() => expect(puts).toHaveLength(1), SLOW);
    expect(puts[0]?.themeType).toBe('THEME_TYPE_DARK');
    expect(api.settings.themeType).toBe('THEME_TYPE_DARK');
  });

  it('keeps a setting changed while the server copy was on its way, takes the others from it, and saves both', async () => {
    server = { ...DEFAULT_PREFERENCES, locale: ARABIC, isDirectionRTL: true };
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        if (init.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)) as Preferences);
          return Promise.resolve(new Response(JSON.stringify({ data: puts.at(-1) }), { status: 200 }));
        }
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    renderSynced();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    act(() => api.update({ themeType: 'THEME_TYPE_DARK' }));
    await act(async () => answer(new Response(JSON.stringify({ data: server }), { status: 200 })));
    await waitFor(() => expect(puts).toHaveLength(1), SLOW);
    // The theme chosen meanwhile wins; the language (not touched here) comes from the server.
    expect(puts[0]).toMatchObject({ themeType: 'THEME_TYPE_DARK', locale: { locale: 'ar' }, isDirectionRTL: true });
    expect(api.settings.themeType).toBe('THEME_TYPE_DARK');
    expect(api.settings.locale.locale).toBe('ar');
  });
});
