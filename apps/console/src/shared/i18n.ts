// The console in English, Turkish or Arabic (right to left), one small chunk per language.
// Placeholders use single braces, `{count}`, as the server's messages do.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, storageKeys, writeStorage } from './storage';

export const supportedLanguages = ['en', 'tr', 'ar'] as const;
export type Language = (typeof supportedLanguages)[number];

type Translations = Record<string, unknown>;

const loaders: Record<Language, () => Promise<{ default: Translations }>> = {
  en: () => import('../locales/en.json'),
  tr: () => import('../locales/tr.json'),
  ar: () => import('../locales/ar.json'),
};

export const i18n = i18next.createInstance();
i18n.use(initReactI18next);

export const isLanguage = (value: unknown): value is Language =>
  supportedLanguages.includes(value as Language);

export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
}

/** `?lang=`, then the saved choice, then the browser's, then English. */
export function chooseLanguage(): Language {
  const fromAddress = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(fromAddress)) return fromAddress;
  const saved = readStorage(storageKeys.language);
  if (isLanguage(saved)) return saved;
  const browser = navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: translations } = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', translations);
}

export async function initI18n(language: Language, preloaded?: Translations) {
  if (!i18n.isInitialized) {
    await i18n.init({
      lng: language,
      fallbackLng: 'en',
      resources: preloaded ? { [language]: { translation: preloaded } } : {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    });
  }
  await ensureLoaded(language);
  if (language !== 'en') await ensureLoaded('en');
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
