// Translations: a small t() of our own over the locale JSON files (i18next and react-i18next
// were 18 kB gzipped of every first load, for what the app uses: nested keys, `{name}`
// placeholders, a default value). Each language loads as a chunk of its own, so the first screen
// ships only the language it shows. Placeholders use single braces, `{left_count}`, as the
// server's messages do.
import { errorMessages } from '@reelcast/protocol/codes';
import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage';

export const supportedLanguages = ['tr', 'en', 'ar'] as const;
export type Language = (typeof supportedLanguages)[number];
/** The header offers TR and EN (§3); Arabic is reachable by code (settings, storage, `?lang=ar`). */
export const offeredLanguages: readonly Language[] = ['tr', 'en'];

type Translations = { [key: string]: string | Translations };
export type TOptions = { defaultValue?: string; [param: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;

const loaders: Record<Language, () => Promise<{ default: Translations }>> = {
  tr: () => import('../locales/tr.json'),
  en: () => import('../locales/en.json'),
  ar: () => import('../locales/ar.json'),
};

const bundles: Partial<Record<Language, Translations>> = {};
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

async function ensureLoaded(language: Language): Promise<void> {
  if (bundles[language]) return;
  const { default: translations } = await loaders[language]();
  bundles[language] = translations;
}

async function switchTo(language: Language): Promise<void> {
  await ensureLoaded(language);
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

/** Starts in the language (tests pass its translations in, so nothing loads). */
export async function initI18n(language: Language, preloaded?: Translations): Promise<void> {
  if (preloaded) bundles[language] = preloaded;
  await switchTo(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  await switchTo(language);
  writeStorage(storageKeys.language, language);
}

/** A server error in the player's language: by code, else the server's text, else ours (§8). */
export function translateCode(
  t: TFunction,
  namespace: 'errors' | 'info',
  code: number,
  fallback: string | undefined,
  params: Record<string, unknown> = {},
): string {
  return t(`${namespace}.${code}`, {
    ...params,
    defaultValue: fallback || errorMessages[code] || t('errors.unknown'),
  });
}
