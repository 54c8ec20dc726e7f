import { z } from 'zod';
import { dataOf } from './common';
import {
  LAYOUT_TYPES,
  LOCALES,
  NAV_STYLES,
  THEME_TYPES,
  type Preferences as PreferencesShape,
} from '../interface-settings';

// The values live in a zod-free module (the web app's first page uses them); this file builds the API schema.
export {
  DEFAULT_PREFERENCES,
  LANGUAGES,
  LAYOUT_TYPES,
  LOCALES,
  NAV_STYLES,
  THEME_TYPES,
  type LayoutType,
  type LocaleCode,
  type NavStyle,
  type ThemeType,
} from '../interface-settings';

export const localeSchema = z
  .object({
    languageId: z.string().min(1).max(32),
    locale: z.enum(LOCALES),
    name: z.string().min(1).max(64),
    icon: z.string().min(1).max(16),
  })
  .strict();

/** GET/PUT /api/users/me/preferences: the interface settings persisted per user. */
export const preferencesSchema = z
  .object({
    navStyle: z.enum(NAV_STYLES),
    layoutType: z.enum(LAYOUT_TYPES),
    themeType: z.enum(THEME_TYPES),
    navCollapsed: z.boolean(),
    isDirectionRTL: z.boolean(),
    locale: localeSchema,
  })
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesResponseSchema = dataOf(preferencesSchema);

// The schema and the zod-free shape must describe the same object.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<Preferences, PreferencesShape> = true;
void sameShape;
