// Each language's translations in two parts (issue 22, first load): `first` holds the groups the
// login and lobby screens show, `rest` everything else, loaded once the first screen is up or
// with a page that needs it (src/shared/i18n.ts). `import('./tr.json?part=first')` gives the
// part as a JSON module; the source files stay one per language.
import { readFileSync } from 'node:fs';

/**
 * What the first screens (login, lobby, shell) read: whole groups of the locale files, or one key
 * of a group ('errors.10700'), for a group that is mostly for later screens.
 */
export const firstScreenKeys = [
  'app',
  'auth',
  'login',
  'contact',
  'startup',
  'nav',
  'wallet',
  'lobby',
  'infoPages',
  // The signed-in player's details in the side navigation.
  ...['lastLogon', 'lastLogonIp', 'currentIp', 'never'].map((key) => `profile.${key}`),
  // What the login screen or a sign-out at start-up can say.
  ...['unknown', 'network', '10', '40000', '40100', '40101', '42900', '50000', '50300'].map(
    (code) => `errors.${code}`,
  ),
  ...[
    '10700',
    '10701',
    '10702',
    '10703',
    '10704',
    '10705',
    '10705_permanent',
    '10706',
    '10707',
  ].map((code) => `errors.${code}`),
];

/**
 * The part of a locale file's tree: the first screens' keys, or all the others.
 * @param {Record<string, unknown>} all
 * @param {'first' | 'rest'} part
 */
export function localePart(all, part) {
  const inFirst = (/** @type {string} */ path) => firstScreenKeys.includes(path);
  /** @type {Record<string, unknown>} */
  const picked = {};
  for (const [group, value] of Object.entries(all)) {
    if (inFirst(group)) {
      if (part === 'first') picked[group] = value;
      continue;
    }
    if (typeof value !== 'object' || value === null) {
      if (part === 'rest') picked[group] = value;
      continue;
    }
    const keys = Object.entries(value).filter(
      ([key]) => inFirst(`${group}.${key}`) === (part === 'first'),
    );
    if (keys.length > 0) picked[group] = Object.fromEntries(keys);
  }
  return picked;
}

const partQuery = /\?part=(first|rest)$/;

/** @returns {import('vite').Plugin} */
export function localeParts() {
  return {
    name: 'reelcast:locale-parts',
    enforce: 'pre',
    load(id) {
      const match = partQuery.exec(id);
      if (!match || !id.includes('/locales/')) return null;
      const file = id.slice(0, match.index);
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8'));
      const part = JSON.stringify(localePart(all, /** @type {'first' | 'rest'} */ (match[1])));
      // JSON.parse of a string literal, as Vite does for a large JSON file: quicker to start.
      return { code: `export default JSON.parse(${JSON.stringify(part)});`, moduleType: 'js' };
    },
  };
}
