// Translations load per language (one small chunk each) so the first screen ships only the
// language it shows. Placeholders use single braces, `{left_count}`, as the server's messages do.
import { errorMessages } from '@reelcast/protocol/codes';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, storageKeys, writeStorage } from './storage';

export const supportedLanguages = ['tr', 'en', 'ar'] as const;
export type Language = (typeof supportedLanguages)[number];
/** The header offers TR and EN (§3); Arabic is reachable by code (settings, storage, `?lang=ar`). */
export const offeredLanguages: readonly Language[] = ['tr', 'en'];

type Translations = Record<string, unknown>;

const loaders: Record<Language, () => Promise<{ default: Translations }>> = {
  tr: () => import('../locales/tr.json'),
  en: () => import('../locales/en.json'),
  ar: () => import('../locales/ar.json'),
};

export const i18n = i18next.createInstance();
i18n.use(initReactI18next);

export function isLanguage(value: unknown): value is Language {
  return supportedLanguages.includes(value as Language);
}

export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
}

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: translations } = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', translations);
}

/** Picks the language: `?lang=`, then the saved choice, then the configured default. */
export function chooseLanguage(defaultLanguage: string): Language {
  const fromAddress = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(fromAddress)) return fromAddress;
  const saved = readStorage(storageKeys.language);
  if (isLanguage(saved)) return saved;
  return isLanguage(defaultLanguage) ? defaultLanguage : 'tr';
}

export async function initI18n(language: Language, preloaded?: Translations): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.init({
      lng: language,
      fallbackLng: false,
      resources: preloaded ? { [language]: { translation: preloaded } } : {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    });
  }
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  writeStorage(storageKeys.language, language);
  applyDocumentLanguage(language);
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
