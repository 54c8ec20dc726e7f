import type { LocaleCode } from '@rtms/shared/interface-settings';
import type { Catalogue } from './messages/en';
import enPublic from './messages/en?public';

/**
 * Every interface catalogue by locale, downloaded when needed: the whole catalogue comes with the signed-in
 * shell, so that the sign-in page does not carry every screen's strings.
 */
export const CATALOGUE_LOADERS: Record<LocaleCode, () => Promise<Catalogue>> = {
  en: () => import('./messages/en').then((module) => module.en),
  es: () => import('./messages/es').then((module) => module.es),
  zh: () => import('./messages/zh').then((module) => module.zh),
  fr: () => import('./messages/fr').then((module) => module.fr),
  it: () => import('./messages/it').then((module) => module.it),
  ar: () => import('./messages/ar').then((module) => module.ar),
};

/** The messages of the pages before sign-in (public-keys.ts); English is bundled with the first page. */
export type PublicMessages = Readonly<Record<string, string>>;

export const PUBLIC_CATALOGUE_LOADERS: Record<LocaleCode, () => Promise<PublicMessages>> = {
  en: () => Promise.resolve(enPublic),
  es: () => import('./messages/es?public').then((module) => module.default),
  zh: () => import('./messages/zh?public').then((module) => module.default),
  fr: () => import('./messages/fr?public').then((module) => module.default),
  it: () => import('./messages/it?public').then((module) => module.default),
  ar: () => import('./messages/ar?public').then((module) => module.default),
};

/** English's public messages, available at once (the first render before anything is downloaded). */
export const ENGLISH_PUBLIC_MESSAGES: PublicMessages = enPublic;
