import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { INITIAL_WIDTH } from '@rtms/shared/constants';
import {
  DEFAULT_PREFERENCES,
  isPreferences,
  LANGUAGES,
  type LocaleCode,
  type NavStyle,
  type Preferences,
} from '@rtms/shared/interface-settings';
import { loadFullMessages, loadLocaleResources } from '../i18n/locale-resources';
import { reportError } from '../error-reporting';
import { isMiniNavStyle, isRightToLeft } from './navigation';

/** The interface settings: the persisted preferences plus the live window width and pathname. */
export interface InterfaceSettings extends Preferences {
  width: number;
  pathname: string;
}

interface SettingsContextValue {
  settings: InterfaceSettings;
  /**
   * Changes some preferences. A new navigation style brings its collapsed state with it; a new language
   * brings its text direction and applies once its texts have loaded (the old language shows meanwhile).
   */
  update(changes: Partial<Preferences>): void;
  /** Switches the interface language (and direction: Arabic is right-to-left). */
  setLanguage(locale: LocaleCode): void;
  /** Replaces every preference, e.g. with the server's copy after sign-in. */
  replace(preferences: Preferences): void;
  /** The router reports the current path here (the original application keeps `pathname` among the settings). */
  setPathname(pathname: string): void;
}

export const SETTINGS_STORAGE_KEY = 'interfaceSettings';
const SettingsContext = createContext<SettingsContextValue | null>(null);

/** The preferences kept in this browser (used before sign-in, and as the first guess after a reload). */
export function readLocalPreferences(): Preferences {
  try {
    const raw = localStorage.getItem(SETTINGS_STORAGE_KEY);
    if (!raw) return DEFAULT_PREFERENCES;
    const parsed: unknown = JSON.parse(raw);
    return isPreferences(parsed) ? parsed : DEFAULT_PREFERENCES;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

/** Starts downloading the whole catalogue of this browser's language, alongside the shell's code. */
export function preloadStoredLanguageMessages(): Promise<unknown> {
  return loadFullMessages(readLocalPreferences().locale.locale).catch(() => undefined);
}

function languageOf(code: LocaleCode): Preferences['locale'] {
  const language = LANGUAGES.find((entry) => entry.locale === code) ?? LANGUAGES[0];
  return { ...language };
}

/** Completes a change with what follows from it, so that the stored settings never contradict each other. */
function normalize(changes: Partial<Preferences>): Partial<Preferences> {
  const result = { ...changes };
  if (changes.navStyle && changes.navCollapsed === undefined) result.navCollapsed = isMiniNavStyle(changes.navStyle);
  if (changes.locale && changes.isDirectionRTL === undefined)
    result.isDirectionRTL = isRightToLeft(changes.locale.locale);
  return result;
}

/** Writes the settings that live outside React onto the document: language, direction and theme. */
function applyToDocument(preferences: Preferences): void {
  const root = document.documentElement;
  root.lang = preferences.locale.locale;
  root.dir = preferences.isDirectionRTL ? 'rtl' : 'ltr';
  root.dataset.theme = preferences.themeType === 'THEME_TYPE_DARK' ? 'dark' : 'light';
  document.body.classList.toggle('rtl', preferences.isDirectionRTL);
}

/** One client store for the interface settings, persisted in this browser; the server copy is synced by PreferencesSync. */
export function InterfaceSettingsProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState<Preferences>(readLocalPreferences);
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? INITIAL_WIDTH : window.innerWidth));
  const [pathname, setPathname] = useState(() => window.location.pathname);
  // Only the latest language request applies, however the downloads finish.
  const languageRequest = useRef(0);

  useEffect(() => {
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setWidth(window.innerWidth));
    };
    const onNavigate = () => setPathname(window.location.pathname);
    window.addEventListener('resize', onResize);
    window.addEventListener('popstate', onNavigate);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('popstate', onNavigate);
    };
  }, []);

  useEffect(() => {
    try {
      localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(preferences));
    } catch {
      // Storage may be full or disabled (private mode): the settings still apply for this visit.
    }
    applyToDocument(preferences);
  }, [preferences]);

  const applyLanguage = useCallback((locale: Preferences['locale'], isDirectionRTL: boolean) => {
    const request = ++languageRequest.current;
    loadLocaleResources(locale.locale).then(
      () => {
        if (request === languageRequest.current)
          setPreferences((previous) => ({ ...previous, locale, isDirectionRTL }));
      },
      (error: unknown) => reportError(error, { during: 'language load', locale: locale.locale }),
    );
  }, []);

  const update = useCallback(
    (changes: Partial<Preferences>) => {
      const { locale, isDirectionRTL, ...rest } = normalize(changes);
      if (Object.keys(rest).length > 0) setPreferences((previous) => ({ ...previous, ...rest }));
      if (locale) applyLanguage(locale, isDirectionRTL ?? isRightToLeft(locale.locale));
      else if (isDirectionRTL !== undefined) setPreferences((previous) => ({ ...previous, isDirectionRTL }));
    },
    [applyLanguage],
  );

  const setLanguage = useCallback((code: LocaleCode) => update({ locale: languageOf(code) }), [update]);

  const replace = useCallback(
    (next: Preferences) => {
      const { locale, isDirectionRTL, ...rest } = next;
      setPreferences((previous) => ({ ...previous, ...rest }));
      applyLanguage(locale, isDirectionRTL);
    },
    [applyLanguage],
  );

  const value = useMemo(
    () => ({ settings: { ...preferences, width, pathname }, update, setLanguage, replace, setPathname }),
    [preferences, width, pathname, update, setLanguage, replace],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useInterfaceSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useInterfaceSettings must be used inside InterfaceSettingsProvider');
  return value;
}

/** The persisted part of the settings (what the server keeps), in a stable field order. */
export function preferencesOf(settings: Preferences): Preferences {
  return {
    navStyle: settings.navStyle,
    layoutType: settings.layoutType,
    themeType: settings.themeType,
    navCollapsed: settings.navCollapsed,
    isDirectionRTL: settings.isDirectionRTL,
    locale: { ...settings.locale },
  };
}

export type { NavStyle };
