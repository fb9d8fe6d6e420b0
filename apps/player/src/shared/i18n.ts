// Translations: a small t() of our own over the locale JSON files (i18next and react-i18next
// were 18 kB gzipped of every first load, for what the app uses: nested keys, `{name}`
// placeholders, a default value). Each language loads as chunks of its own, so the first screen
// ships only the language it shows, and of it only the groups the first screens read
// (locale-parts.mjs), the login screen's own with that screen; the rest follows once the first
// screen is up, or with a page that needs it.
// Placeholders use single braces, `{left_count}`, as the server's messages do.
import { useSyncExternalStore } from 'react';
import { afterFirstScreen } from './first-screen';
import { readStorage, storageKeys, writeStorage } from './storage';

export const supportedLanguages = ['tr', 'en', 'ar'] as const;
export type Language = (typeof supportedLanguages)[number];
/** The header offers TR and EN (§3); Arabic is reachable by code (settings, storage, `?lang=ar`). */
export const offeredLanguages: readonly Language[] = ['tr', 'en'];

type Translations = { [key: string]: string | Translations };
export type TOptions = { defaultValue?: string; [param: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;

type Part = 'first' | 'login' | 'rest';
const allParts: Part[] = ['first', 'login', 'rest'];
type Loader = () => Promise<{ default: Record<string, unknown> }>;
const loaders: Record<Language, Record<Part, Loader>> = {
  tr: {
    first: () => import('../locales/tr.json?part=first'),
    login: () => import('../locales/tr.json?part=login'),
    rest: () => import('../locales/tr.json?part=rest'),
  },
  en: {
    first: () => import('../locales/en.json?part=first'),
    login: () => import('../locales/en.json?part=login'),
    rest: () => import('../locales/en.json?part=rest'),
  },
  ar: {
    first: () => import('../locales/ar.json?part=first'),
    login: () => import('../locales/ar.json?part=login'),
    rest: () => import('../locales/ar.json?part=rest'),
  },
};

const bundles: Partial<Record<Language, Translations>> = {};
/** The parts of each language loaded or on their way. */
const loading: Partial<Record<Language, Partial<Record<Part, Promise<void>>>>> = {};
let current: Language | undefined;
const listeners = new Set<() => void>();
const languageListeners = new Set<(language: Language) => void>();

function lookup(translations: Translations | undefined, key: string): string | undefined {
  let node: string | Translations | undefined = translations;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{name}` becomes the option's value; a placeholder with no such option stays as written. */
function interpolate(text: string, options: TOptions): string {
  return text.replace(/\{([^{}]+)\}/g, (placeholder, name: string) => {
    const key = name.trim();
    if (!Object.hasOwn(options, key)) return placeholder;
    const value = options[key];
    return value === undefined || value === null ? '' : String(value);
  });
}

function translatorFor(language: Language | undefined): TFunction {
  return (key, options = {}) => {
    const text = lookup(language && bundles[language], key) ?? options.defaultValue;
    return text === undefined ? key : interpolate(text, options);
  };
}

let translator = translatorFor(undefined);

function notify(): void {
  translator = translatorFor(current);
  for (const listener of listeners) listener();
}

/** The current language and its t(), for code outside components (messages from a socket). */
export const i18n = {
  /** Turkish, the default, only until start-up has chosen (nothing renders before that). */
  get language(): Language {
    return current ?? 'tr';
  },
  get resolvedLanguage(): Language {
    return current ?? 'tr';
  },
  dir: (): 'rtl' | 'ltr' => (current === 'ar' ? 'rtl' : 'ltr'),
  /** Reads the language at the call, so a message after a switch is in the new one. */
  t: ((key, options) => translator(key, options)) as TFunction,
  on(_event: 'languageChanged', listener: (language: Language) => void): void {
    languageListeners.add(listener);
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * t() and the language for a component, which renders again when the language or its
 * translations change (t is a new function then, so effects that use it run again).
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const t = useSyncExternalStore(subscribe, () => translator);
  return { t, i18n };
}

export function isLanguage(value: unknown): value is Language {
  return supportedLanguages.includes(value as Language);
}

export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
}

/** Parts of a language side by side: a group may have keys in several. */
function merged(into: Translations, part: Translations): Translations {
  const result = { ...into };
  for (const [key, value] of Object.entries(part)) {
    const existing = result[key];
    result[key] =
      typeof existing === 'object' && typeof value === 'object' ? merged(existing, value) : value;
  }
  return result;
}

function loadPart(language: Language, part: Part): Promise<void> {
  const parts = loading[language] ?? {};
  loading[language] = parts;
  const pending = parts[part];
  if (pending) return pending;
  const loaded = loaders[language][part]().then(
    ({ default: translations }) => {
      bundles[language] = merged(bundles[language] ?? {}, translations as Translations);
      if (language === current) notify();
    },
    (error: unknown) => {
      // A part that did not arrive is asked for again next time.
      delete parts[part];
      throw error;
    },
  );
  parts[part] = loaded;
  return loaded;
}

function ensureLoaded(language: Language, parts: Part[]): Promise<unknown> {
  return Promise.all(parts.map((part) => loadPart(language, part)));
}

async function switchTo(language: Language, parts: Part[] = allParts): Promise<void> {
  await ensureLoaded(language, parts);
  const changed = current !== language;
  current = language;
  applyDocumentLanguage(language);
  notify();
  if (changed) for (const listener of languageListeners) listener(language);
}

/** Picks the language: `?lang=`, then the saved choice, then the configured default. */
export function chooseLanguage(defaultLanguage: string): Language {
  const fromAddress = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(fromAddress)) return fromAddress;
  const saved = readStorage(storageKeys.language);
  if (isLanguage(saved)) return saved;
  return isLanguage(defaultLanguage) ? defaultLanguage : 'tr';
}

/** Starts in the language, all of it (tests pass its translations in, so nothing loads). */
export async function initI18n(language: Language, preloaded?: Translations): Promise<void> {
  if (preloaded) {
    bundles[language] = preloaded;
    loading[language] = {
      first: Promise.resolve(),
      login: Promise.resolve(),
      rest: Promise.resolve(),
    };
  }
  await switchTo(language);
}

/** Starts with what the first screens read; the rest loads after the first screen is up. */
export async function initFirstScreenI18n(language: Language): Promise<void> {
  await switchTo(language, ['first']);
  void afterFirstScreen().then(() => loadAllTranslations());
}

/** The current language's translations, all of them: a page beyond the first screens waits. */
export function loadAllTranslations(): Promise<unknown> {
  return ensureLoaded(i18n.language, allParts);
}

/** The login screen's own translations, which it waits for. */
export function loadLoginTranslations(): Promise<unknown> {
  return ensureLoaded(i18n.language, ['login']);
}

export async function changeLanguage(language: Language): Promise<void> {
  await switchTo(language);
  writeStorage(storageKeys.language, language);
}

/**
 * A server error in the player's language: by code, else the server's text, else ours (§8).
 * Every code of the protocol has its text in each language (locales.test.ts), so the protocol's
 * English texts stay out of the first load (issue 22).
 */
export function translateCode(
  t: TFunction,
  namespace: 'errors' | 'info',
  code: number,
  fallback: string | undefined,
  params: Record<string, unknown> = {},
): string {
  return t(`${namespace}.${code}`, {
    ...params,
    defaultValue: fallback || t('errors.unknown'),
  });
}
