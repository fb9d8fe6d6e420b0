// Money arrives as integer hundredths; it is only divided by 100 here, for display (§3).
import { useTranslation } from './i18n';
import { useSettings } from './settings';

/** The spec's currency symbols map (§9); an unknown code is shown as the code itself. */
export const currencySymbols: Record<string, string> = {
  USD: '$',
  EUR: '€',
  CRC: '₡',
  GBP: '£',
  ILS: '₪',
  INR: '₹',
  JPY: '¥',
  KRW: '₩',
  NGN: '₦',
  PHP: '₱',
  PLN: 'zł',
  PYG: '₲',
  THB: '฿',
  UAH: '₴',
  VND: '₫',
  TRY: '₺',
};

export function currencySymbol(currency: string): string {
  return currencySymbols[currency] ?? `${currency} `;
}

const numberLocales: Record<string, string> = { tr: 'tr-TR', en: 'en-US', ar: 'ar' };
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberLocales[locale] ?? locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** 123456 → '₺1.234,56' (tr) or '₺1,234.56' (en). The sign goes before the symbol. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}${currencySymbol(currency)}${formatterFor(locale).format(Math.abs(cents) / 100)}`;
}

/** Formats in the player's language and the configured currency. */
export function useFormatMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  const currency = useSettings((settings) => settings.CURRENCY);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (cents) => formatMoney(cents, currency, language);
}

/** A hot coin face: whole currency units without the symbol, '10.000' rather than '₺10.000,00'. */
export function formatWholeUnits(cents: number, locale: string): string {
  return new Intl.NumberFormat(numberLocales[locale] ?? locale, {
    maximumFractionDigits: 0,
  }).format(cents / 100);
}
