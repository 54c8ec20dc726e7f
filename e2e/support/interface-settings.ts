import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './config';
import { openPage, type TestPage } from './browser';

/** The interface settings of PUT /api/users/me/preferences (mirrors packages/shared/src/interface-settings.ts). */
export interface Preferences {
  navStyle: string;
  layoutType: string;
  themeType: string;
  navCollapsed: boolean;
  isDirectionRTL: boolean;
  locale: { languageId: string; locale: string; name: string; icon: string };
}

export const LANGUAGE_OPTIONS = {
  en: { languageId: 'english', locale: 'en', name: 'English', icon: 'us' },
  es: { languageId: 'spanish', locale: 'es', name: 'Español', icon: 'es' },
  zh: { languageId: 'chinese', locale: 'zh', name: '中文', icon: 'cn' },
  fr: { languageId: 'french', locale: 'fr', name: 'Français', icon: 'fr' },
  it: { languageId: 'italian', locale: 'it', name: 'Italiano', icon: 'it' },
  ar: { languageId: 'arabic', locale: 'ar', name: 'العربية', icon: 'sa' },
} as const;

export const DEFAULTS: Preferences = {
  navStyle: 'NAV_STYLE_FIXED',
  layoutType: 'LAYOUT_TYPE_FULL',
  themeType: 'THEME_TYPE_SEMI_DARK',
  navCollapsed: false,
  isDirectionRTL: false,
  locale: LANGUAGE_OPTIONS.en,
};

/** Preferences with some fields changed; a language brings its direction. */
export function preferences(
  changes: Partial<Omit<Preferences, 'locale'>> & { language?: keyof typeof LANGUAGE_OPTIONS } = {},
): Preferences {
  const { language, ...rest } = changes;
  return {
    ...DEFAULTS,
    ...rest,
    ...(language ? { locale: LANGUAGE_OPTIONS[language], isDirectionRTL: language === 'ar' } : {}),
  };
}

/** Signs in through the API (no page) and returns the bearer token. */
export async function apiToken(email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`${inject('baseURL')}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function preferencesCall(token: string, method: 'GET' | 'PUT', body?: Preferences): Promise<Preferences> {
  const response = await fetch(`${inject('baseURL')}/api/users/me/preferences`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} preferences: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Preferences }).data;
}

export const readServerPreferences = (token: string) => preferencesCall(token, 'GET');
export const storeServerPreferences = (token: string, value: Preferences) => preferencesCall(token, 'PUT', value);

export interface ShellOptions {
  /** The signed-in user's token; without it the page opens signed out. */
  token?: string;
  /** Stored for the user on the server and in this browser before the page opens. */
  preferences?: Preferences;
  path?: string;
  viewport?: { width: number; height: number };
  /** A phone: touch events and a mobile viewport. */
  touch?: boolean;
}

/**
 * Opens a fresh browser context (empty storage, CSP violations recorded) with the given settings already
 * in place, as after a sign-in on this device, and waits for the page.
 */
export async function openWithSettings(browser: Browser, options: ShellOptions): Promise<TestPage> {
  if (options.token && options.preferences) await storeServerPreferences(options.token, options.preferences);
  const testPage = await openPage(browser, options.viewport ?? { width: 1367, height: 850 }, {
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
  });
  await testPage.context.addInitScript(
    ([token, stored]) => {
      // Only on the first load of this context: later reloads keep what the page itself stored.
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      if (token) localStorage.setItem('token', token);
      if (stored) localStorage.setItem('interfaceSettings', stored);
    },
    [options.token ?? '', options.preferences ? JSON.stringify(options.preferences) : ''] as const,
  );
  await testPage.page.goto(options.path ?? (options.token ? '/' : '/signin'));
  await waitForSettledPage(testPage.page, Boolean(options.token));
  return testPage;
}

/** Waits until the shell (or the sign-in page) is drawn and its fonts and images have loaded. */
export async function waitForSettledPage(page: Page, signedIn: boolean): Promise<void> {
  const drawn = signedIn ? page.locator('.app-footer') : page.locator('.signin__title, .signin .ant-result').first();
  await drawn.waitFor().catch(async (error: unknown) => {
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(`${String(error)}\n${page.url()} shows: ${text.slice(0, 300)}`);
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) =>
        image.complete ? undefined : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })),
      ),
    );
  });
}
