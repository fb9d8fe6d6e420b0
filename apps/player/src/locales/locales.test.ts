import { errorMessages, InfoCode } from '@reelcast/protocol/codes';
import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import tr from './tr.json';

function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) =>
    keys(value, prefix ? `${prefix}.${key}` : key),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

describe('translations', () => {
  const english = keys(en).sort();

  it.each([
    ['tr', tr],
    ['ar', ar],
  ])('%s has exactly the English keys, so no screen shows a raw key', (_, locale) => {
    expect(keys(locale).sort()).toEqual(english);
  });

  it.each([
    ['tr', tr],
    ['ar', ar],
  ])('%s keeps every placeholder of the English text', (_, locale) => {
    const lookup = (tree: unknown, path: string) =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
    for (const key of english) {
      expect(placeholders(String(lookup(locale, key))), key).toEqual(
        placeholders(String(lookup(en, key))),
      );
    }
  });

  it.each([
    ['app.backToLobby', 'Lobiye Dön'],
    ['game.leave', 'Lobiye Dön'],
    ['reconnect.continue', 'Devam Et'],
    ['idle.continue', 'Devam Et'],
    ['reconnect.cashout', 'Vazgeç ve Tahsil Et'],
    ['game.connectionLost', 'Bağlantı koptu, lütfen bekleyin.'],
  ])('§9: %s is the product’s own Turkish, not the English text', (key, turkish) => {
    const lookup = (tree: unknown) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
    expect(lookup(tr)).toBe(turkish);
    expect(lookup(tr)).not.toBe(lookup(en));
  });

  it('translates every error and info code of the protocol (§8)', () => {
    const infoCodes = new Set<number>(Object.values(InfoCode));
    for (const code of Object.keys(errorMessages).map(Number)) {
      const namespace = infoCodes.has(code) ? en.info : en.errors;
      expect(namespace, String(code)).toHaveProperty(String(code));
    }
  });
});
