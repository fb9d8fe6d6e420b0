// The six information pages of §2, served by the server as HTML in each language and opened by
// the client in a modal (only when EXTERNAL_INFO is on). Plain data: the browser imports it.

export const infoPages = [
  'password-reset',
  'game-rules-and-content',
  'player-protection-information',
  'terms-of-use',
  'privacy-policy',
  'paytables',
] as const;
export type InfoPage = (typeof infoPages)[number];

export const infoLanguages = ['en', 'tr', 'ar'] as const;
export type InfoLanguage = (typeof infoLanguages)[number];

/** `/terms-of-use.html?lang=tr`: the page's address as §2 names it, with the language. */
export function infoPagePath(page: InfoPage, language: string): string {
  return `/${page}.html?lang=${encodeURIComponent(language)}`;
}
