// What the settings add to the CSP of the pages we serve: the live-chat provider's origins
// (chat-csp.ts) and the origins of the addresses the settings name, so that what an operator
// configures is also allowed to load: the API and the real-time connections when they are
// elsewhere (§7 API_URL, NOTICE_URL, MACHINE_URL; the information pages come from the API's
// server), and the small logo (§9 SMALL_LOGO).
import type { Settings } from '@reelcast/protocol/settings-defaults';
import { type ChatDirective, chatSources } from './chat-csp';

export type CspDirective = ChatDirective;

/** The origin of an absolute http(s) or ws(s) address; null for '' or a path on this origin. */
export function originOf(address: string): string | null {
  if (!/^(https?|wss?):\/\//i.test(address)) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

const twinScheme: Record<string, string> = { http: 'ws', https: 'wss', ws: 'http', wss: 'https' };

/** The same server under the other scheme of its pair: https ↔ wss, http ↔ ws. */
function twin(origin: string): string {
  return origin.replace(/^([a-z]+):/, (_whole, scheme: string) => `${twinScheme[scheme]}:`);
}

/** Origins the configured addresses need, by directive. */
function configuredSources(settings: Settings, directive: CspDirective): string[] {
  const origins = (...addresses: string[]) =>
    addresses.map(originOf).filter((o): o is string => o !== null);
  switch (directive) {
    case 'imgSrc':
      return origins(settings.SMALL_LOGO);
    case 'frameSrc':
      return origins(settings.API_URL);
    case 'connectSrc':
      // A socket's address is named in either scheme; both are allowed for each server.
      return origins(settings.API_URL, settings.NOTICE_URL, settings.MACHINE_URL).flatMap(
        (origin) => [origin, twin(origin)],
      );
    default:
      return [];
  }
}

/** Sources to add to one CSP directive, space separated ('' when none). */
export function settingsSources(settings: Settings, directive: CspDirective): string {
  const chat = chatSources(settings, directive);
  return [...new Set([...(chat ? chat.split(' ') : []), ...configuredSources(settings, directive)])]
    .filter(Boolean)
    .join(' ');
}
