// The frame of every information page: a complete HTML document in the page's language and
// direction, styled by our own stylesheet only, with no script (the pages are shown in a
// sandboxed frame and under a CSP that allows neither inline code nor scripts).
import type { InfoLanguage, InfoPage } from '@reelcast/protocol/info-pages';

export type StaticInfoPage = Exclude<InfoPage, 'paytables'>;
export type InfoTexts = Record<StaticInfoPage, { title: string; body: string }>;

export const INFO_STYLESHEET = '/info/info.css';

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

export function renderPage(language: InfoLanguage, title: string, body: string): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${INFO_STYLESHEET}">
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}
