// Turkish and Arabic say everything English says: no key falls back to English on their screens.
import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import tr from './tr.json';

/** Every key, plural forms folded into their base (`minutes_one` → `minutes`). */
function keys(tree: Record<string, unknown>, prefix = ''): Set<string> {
  const found = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (value && typeof value === 'object') {
      for (const k of keys(value as Record<string, unknown>, `${name}.`)) found.add(k);
    } else found.add(name);
  }
  return found;
}

describe('translations', () => {
  it.each([
    ['tr', tr],
    ['ar', ar],
  ])('%s has every key English has, and no other', (_language, translations) => {
    expect([...keys(translations)].sort()).toEqual([...keys(en)].sort());
  });
});
