import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { LocaleCode } from '@rtms/shared/interface-settings';
import { reportError } from '../error-reporting';
import {
  CATALOGUE_LOADERS,
  ENGLISH_PUBLIC_MESSAGES,
  PUBLIC_CATALOGUE_LOADERS,
  type PublicMessages,
} from './catalogues';
import type { Catalogue } from './messages/en';

/** What one interface language needs: our messages and antd's own texts (pagination, pickers, empty states). */
export interface LocaleResources {
  /** The whole catalogue once the signed-in shell has asked for it, the public messages before. */
  messages: PublicMessages;
  antd: AntdLocale;
}

/** antd's locale packs, matched to our six languages (Arabic uses ar_EG, the only Arabic pack antd has). */
const ANTD_LOADERS: Record<LocaleCode, () => Promise<AntdLocale>> = {
  en: () => Promise.resolve(enUS),
  es: () => import('antd/es/locale/es_ES').then((module) => module.default),
  zh: () => import('antd/es/locale/zh_CN').then((module) => module.default),
  fr: () => import('antd/es/locale/fr_FR').then((module) => module.default),
  it: () => import('antd/es/locale/it_IT').then((module) => module.default),
  ar: () => import('antd/es/locale/ar_EG').then((module) => module.default),
};

/** dayjs (used by antd's date pickers) needs its own locale data for month and day names. */
const DAYJS_LOADERS: Record<LocaleCode, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  es: () => import('dayjs/locale/es'),
  zh: () => import('dayjs/locale/zh-cn'),
  fr: () => import('dayjs/locale/fr'),
  it: () => import('dayjs/locale/it'),
  ar: () => import('dayjs/locale/ar'),
};

interface PublicResources {
  messages: PublicMessages;
  antd: AntdLocale;
}

const publicLoaded = new Map<LocaleCode, PublicResources>([['en', { messages: ENGLISH_PUBLIC_MESSAGES, antd: enUS }]]);
const fullLoaded = new Map<LocaleCode, Catalogue>();
const publicLoading = new Map<LocaleCode, Tracked<PublicResources>>();
const fullLoading = new Map<LocaleCode, Tracked<Catalogue>>();
/** Set once the signed-in shell has asked for whole catalogues: later language switches bring theirs too. */
let wholeCataloguesWanted = false;

// A tiny store, so that the providers re-render when a whole catalogue arrives.
let version = 0;
const listeners = new Set<() => void>();
export function subscribeToCatalogues(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const getCataloguesVersion = () => version;

/**
 * A promise that says whether it has settled, the way React's `use` reads it: given the same, settled promise
 * again, `use` returns its value at once instead of suspending (which would show the loader for a moment).
 */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked = promise as Tracked<T>;
  tracked.status = 'pending';
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}

/** One download per key, the same promise for every caller; forgotten when it fails so that it may be retried. */
function once<T>(cache: Map<LocaleCode, Tracked<T>>, code: LocaleCode, load: () => Promise<T>): Tracked<T> {
  let promise = cache.get(code);
  if (!promise) {
    promise = track(load());
    promise.catch(() => cache.delete(code));
    cache.set(code, promise);
  }
  return promise;
}

function loadPublic(code: LocaleCode): Promise<PublicResources> {
  const ready = publicLoaded.get(code);
  if (ready) return Promise.resolve(ready);
  return once(publicLoading, code, async () => {
    const [messages, antd] = await Promise.all([
      PUBLIC_CATALOGUE_LOADERS[code](),
      ANTD_LOADERS[code](),
      DAYJS_LOADERS[code](),
    ]);
    const resources = { messages, antd };
    publicLoaded.set(code, resources);
    return resources;
  });
}

/**
 * The whole catalogue of a language (the signed-in shell waits for it). From then on, switching language
 * loads the new language's whole catalogue before applying it.
 */
export function loadFullMessages(code: LocaleCode): Promise<Catalogue> {
  wholeCataloguesWanted = true;
  return once(fullLoading, code, async () => {
    const messages = await CATALOGUE_LOADERS[code]();
    fullLoaded.set(code, messages);
    version += 1;
    for (const listener of listeners) listener();
    return messages;
  });
}

/** The resources of a language when they are already in memory. */
export function findLoadedLocaleResources(code: LocaleCode): LocaleResources | undefined {
  const found = publicLoaded.get(code);
  if (!found) return undefined;
  return { messages: fullLoaded.get(code) ?? found.messages, antd: found.antd };
}

/** Loads what a language needs before it is applied: public messages and antd's texts, the whole catalogue in the shell. */
export async function loadLocaleResources(code: LocaleCode): Promise<void> {
  await Promise.all([loadPublic(code), wholeCataloguesWanted ? loadFullMessages(code) : undefined]);
}

const startUps = new Map<LocaleCode, Tracked<LocaleResources>>();

/**
 * For the first render (React's `use` needs one stable promise per language): the language's public
 * resources, or English's when they cannot be downloaded, so that a failed download never leaves a blank page.
 */
export function loadStartUpLocaleResources(code: LocaleCode): Promise<LocaleResources> {
  let promise = startUps.get(code);
  if (!promise) {
    promise = track(
      loadPublic(code).catch((error: unknown) => {
        reportError(error, { during: 'language load', locale: code });
        return { messages: ENGLISH_PUBLIC_MESSAGES, antd: enUS };
      }),
    );
    startUps.set(code, promise);
  }
  return promise;
}
