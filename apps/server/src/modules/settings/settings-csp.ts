// What the settings add to the CSP of the pages we serve: the live-chat provider's origins
// (chat-csp.ts) and the origins of the addresses the settings name, so that what an operator
// configures is also allowed to load: the small logo (§9 SMALL_LOGO).
import type { Settings } from '@reelcast/protocol/settings-defaults';
import { type ChatDirective, chatSources } from './chat-csp';

export type CspDirective = ChatDirective;

/** The origin of an absolute http(s) address; null for '' or a path on this origin. */
export function originOf(address: string): string | null {
  if (!/^https?:\/\//i.test(address)) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/** Origins the configured addresses need, by directive. */
function configuredSources(settings: Settings, directive: CspDirective): string[] {
  switch (directive) {
    case 'imgSrc':
      return [originOf(settings.SMALL_LOGO)].filter((o): o is string => o !== null);
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
