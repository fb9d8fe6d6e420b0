// Each language's translations in three parts (issue 22, first load): `first` holds what the
// login and lobby screens both show, `login` what only the login screen shows, `rest` everything
// else, loaded once the first screen is up or with a page that needs it (src/shared/i18n.ts).
// `import('./tr.json?part=first')` gives the part as a JSON module; the source files stay one per
// language.
import { readFileSync } from 'node:fs';

/**
 * What the first screens (login, lobby, the shell's header) read: whole groups of the locale
 * files, or one key of a group ('errors.10'), for a group that is mostly for later screens.
 */
export const firstScreenKeys = [
  'app',
  'auth',
  // The wallet's balance; its claim buttons wait for the first screen.
  ...['balance', 'show', 'hide', 'hidden'].map((key) => `wallet.${key}`),
  // The lobby without its jackpots and reserve buttons, which wait for the first screen.
  ...[
    'title',
    'brands',
    'machines',
    'machineCount',
    'empty',
    'loadError',
    'retry',
    'play',
    'hidden',
    'jackpotWon',
    'reserved',
    'reservedForYou',
    'reservedUntil',
    'status',
    'reason',
  ].map((key) => `lobby.${key}`),
  // The header's menu button; the rest of the navigation loads after the first screen.
  'nav.openMenu',
  // The start-up check's spinner and its one alert; a refusal's notice waits for the rest.
  'startup.checking',
  'startup.networkError',
  // What a sign-out at start-up or a failed request can say.
  ...['unknown', 'network', '10', '40000', '40100', '40101', '42900', '50000', '50300'].map(
    (code) => `errors.${code}`,
  ),
];

/** What only the login screen reads: its form, contacts and refusals (10700–10707). */
export const loginScreenKeys = [
  'login',
  'contact',
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

/** @typedef {'first' | 'login' | 'rest'} Part */

/**
 * The part a group or key ('errors.10') is listed in; null for a group not listed as a whole.
 * @param {string} path
 * @returns {Part | null}
 */
function listedPart(path) {
  if (loginScreenKeys.includes(path)) return 'login';
  if (firstScreenKeys.includes(path)) return 'first';
  return null;
}

/**
 * The part of a locale file's tree: the keys listed for the first screens or the login screen, or
 * all the others.
 * @param {Record<string, unknown>} all
 * @param {Part} part
 */
export function localePart(all, part) {
  /** @type {Record<string, unknown>} */
  const picked = {};
  for (const [group, value] of Object.entries(all)) {
    const groupPart = listedPart(group);
    if (groupPart) {
      if (groupPart === part) picked[group] = value;
      continue;
    }
    if (typeof value !== 'object' || value === null) {
      if (part === 'rest') picked[group] = value;
      continue;
    }
    const keys = Object.entries(value).filter(
      ([key]) => (listedPart(`${group}.${key}`) ?? 'rest') === part,
    );
    if (keys.length > 0) picked[group] = Object.fromEntries(keys);
  }
  return picked;
}

const partQuery = /\?part=(first|login|rest)$/;

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
      const part = JSON.stringify(localePart(all, /** @type {Part} */ (match[1])));
      // JSON.parse of a string literal, as Vite does for a large JSON file: quicker to start.
      return { code: `export default JSON.parse(${JSON.stringify(part)});`, moduleType: 'js' };
    },
  };
}
