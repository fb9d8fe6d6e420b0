// The live-chat provider's origins for the CSP: exactly the configured provider's, none when no
// chat is configured. From each provider's published CSP notes (Crisp: "Crisp domain names";
// Tawk.to: embed.tawk.to with its *.tawk.to services, jsdelivr assets and Google fonts).
import type { Settings } from '@reelcast/protocol/settings-defaults';

export type ChatDirective =
  | 'scriptSrc'
  | 'styleSrc'
  | 'imgSrc'
  | 'fontSrc'
  | 'connectSrc'
  | 'frameSrc'
  | 'mediaSrc'
  | 'workerSrc';

type Provider = Exclude<Settings['LIVE_CHAT_PROVIDER'], ''>;

export const chatOrigins: Record<Provider, Partial<Record<ChatDirective, string[]>>> = {
  tawk: {
    scriptSrc: ['https://embed.tawk.to', 'https://*.tawk.to', 'https://cdn.jsdelivr.net'],
    styleSrc: ['https://*.tawk.to', 'https://fonts.googleapis.com'],
    imgSrc: ['https://*.tawk.to', 'https://cdn.jsdelivr.net', 'https://tawk.link'],
    fontSrc: ['https://*.tawk.to', 'https://fonts.gstatic.com'],
    connectSrc: ['https://*.tawk.to', 'wss://*.tawk.to'],
    frameSrc: ['https://*.tawk.to'],
    mediaSrc: ['https://*.tawk.to'],
  },
  crisp: {
    scriptSrc: ['https://client.crisp.chat', 'https://settings.crisp.chat'],
    styleSrc: ['https://client.crisp.chat'],
    imgSrc: ['https://client.crisp.chat', 'https://image.crisp.chat', 'https://storage.crisp.chat'],
    fontSrc: ['https://client.crisp.chat'],
    connectSrc: [
      'https://client.crisp.chat',
      'https://storage.crisp.chat',
      'wss://client.relay.crisp.chat',
      'wss://stream.relay.crisp.chat',
    ],
    frameSrc: ['https://game.crisp.chat'],
    mediaSrc: ['https://client.crisp.chat'],
    // Crisp fetches its worker from its own origin and runs it from a blob: address.
    workerSrc: ['blob:', 'https://client.crisp.chat'],
  },
};

/** The chat provider in force: named and given its id, else none. */
export function configuredChat(settings: Settings): Provider | null {
  if (settings.LIVE_CHAT_PROVIDER === 'tawk' && settings.TAWK_PROPERTY_ID) return 'tawk';
  if (settings.LIVE_CHAT_PROVIDER === 'crisp' && settings.CRISP_WEBSITE_ID) return 'crisp';
  return null;
}

/** Sources to add to one CSP directive, space separated ('' when none). */
export function chatSources(settings: Settings, directive: ChatDirective): string {
  const provider = configuredChat(settings);
  return provider ? (chatOrigins[provider][directive] ?? []).join(' ') : '';
}
