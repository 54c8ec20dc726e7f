/**
 * The interface settings' values, free of zod so that the web app's first page can use
 * them without downloading the schema library. `schemas/preferences.ts` builds the API schema from these.
 */

export const NAV_STYLES = [
  'NAV_STYLE_FIXED',
  'NAV_STYLE_DRAWER',
  'NAV_STYLE_MINI_SIDEBAR',
  'NAV_STYLE_NO_HEADER_MINI_SIDEBAR',
  'NAV_STYLE_NO_HEADER_EXPANDED_SIDEBAR',
  'NAV_STYLE_DEFAULT_HORIZONTAL',
  'NAV_STYLE_DARK_HORIZONTAL',
  'NAV_STYLE_INSIDE_HEADER_HORIZONTAL',
  'NAV_STYLE_BELOW_HEADER',
  'NAV_STYLE_ABOVE_HEADER',
] as const;
export type NavStyle = (typeof NAV_STYLES)[number];

export const LAYOUT_TYPES = ['LAYOUT_TYPE_FULL', 'LAYOUT_TYPE_BOXED', 'LAYOUT_TYPE_FRAMED'] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

export const THEME_TYPES = ['THEME_TYPE_SEMI_DARK', 'THEME_TYPE_LITE', 'THEME_TYPE_DARK'] as const;
export type ThemeType = (typeof THEME_TYPES)[number];

export const LOCALES = ['en', 'es', 'zh', 'fr', 'it', 'ar'] as const;
export type LocaleCode = (typeof LOCALES)[number];

/** The six interface languages, each named in its own language. */
export const LANGUAGES = [
  { languageId: 'english', locale: 'en', name: 'English', icon: 'us' },
  { languageId: 'spanish', locale: 'es', name: 'Español', icon: 'es' },
  { languageId: 'chinese', locale: 'zh', name: '中文', icon: 'cn' },
  { languageId: 'french', locale: 'fr', name: 'Français', icon: 'fr' },
  { languageId: 'italian', locale: 'it', name: 'Italiano', icon: 'it' },
  { languageId: 'arabic', locale: 'ar', name: 'العربية', icon: 'sa' },
] as const satisfies readonly { languageId: string; locale: LocaleCode; name: string; icon: string }[];

/** The interface settings persisted per user (GET/PUT /api/users/me/preferences). */
export interface Preferences {
  navStyle: NavStyle;
  layoutType: LayoutType;
  themeType: ThemeType;
  navCollapsed: boolean;
  isDirectionRTL: boolean;
  locale: { languageId: string; locale: LocaleCode; name: string; icon: string };
}

/** The defaults: navigation fixed, layout full, theme semi-dark, English. */
export const DEFAULT_PREFERENCES: Preferences = {
  navStyle: 'NAV_STYLE_FIXED',
  layoutType: 'LAYOUT_TYPE_FULL',
  themeType: 'THEME_TYPE_SEMI_DARK',
  navCollapsed: false,
  isDirectionRTL: false,
  locale: { ...LANGUAGES[0] },
};

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= max;

/**
 * The same rule as `preferencesSchema` (exactly these fields, the same limits), for code that must not load
 * zod: the web app checks its locally stored copy with it.
 */
export function isPreferences(value: unknown): value is Preferences {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  const keys = ['navStyle', 'layoutType', 'themeType', 'navCollapsed', 'isDirectionRTL', 'locale'];
  if (Object.keys(record).some((key) => !keys.includes(key))) return false;
  const locale = record.locale;
  if (typeof locale !== 'object' || locale === null || Array.isArray(locale)) return false;
  const localeRecord = locale as Record<string, unknown>;
  if (Object.keys(localeRecord).some((key) => !['languageId', 'locale', 'name', 'icon'].includes(key))) return false;
  return (
    isOneOf(NAV_STYLES, record.navStyle) &&
    isOneOf(LAYOUT_TYPES, record.layoutType) &&
    isOneOf(THEME_TYPES, record.themeType) &&
    typeof record.navCollapsed === 'boolean' &&
    typeof record.isDirectionRTL === 'boolean' &&
    isText(localeRecord.languageId, 32) &&
    isOneOf(LOCALES, localeRecord.locale) &&
    isText(localeRecord.name, 64) &&
    isText(localeRecord.icon, 16)
  );
}
