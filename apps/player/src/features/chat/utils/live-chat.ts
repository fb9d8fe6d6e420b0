// The §1 live-chat widget: one of two embeddable providers, chosen by the settings, loaded by
// adding the provider's own script with the configured ids. Tawk.to: the embed script at
// embed.tawk.to/<property>/<widget> with the Tawk_API global. Crisp: client.crisp.chat/l.js with
// the $crisp queue and CRISP_WEBSITE_ID. None configured → nothing is added. The server's CSP
// allows exactly the configured provider's origins.
import type { Settings } from '@reelcast/protocol/settings-defaults';

export const CHAT_SCRIPT_ID = 'live-chat-script';

type ChatSettings = Pick<
  Settings,
  'LIVE_CHAT_PROVIDER' | 'TAWK_PROPERTY_ID' | 'TAWK_WIDGET_ID' | 'CRISP_WEBSITE_ID'
>;

export interface ChatPlan {
  provider: 'tawk' | 'crisp';
  src: string;
  /** globals the provider's script reads when it starts */
  globals: Record<string, unknown>;
}

const safeId = /^[A-Za-z0-9_-]{1,64}$/;

/** What to load for these settings and language, or null for no widget. */
export function chatPlan(settings: ChatSettings, language: string): ChatPlan | null {
  if (settings.LIVE_CHAT_PROVIDER === 'tawk' && safeId.test(settings.TAWK_PROPERTY_ID)) {
    const widget = safeId.test(settings.TAWK_WIDGET_ID) ? settings.TAWK_WIDGET_ID : 'default';
    return {
      provider: 'tawk',
      src: `https://embed.tawk.to/${settings.TAWK_PROPERTY_ID}/${widget}`,
      globals: { Tawk_API: {}, Tawk_LoadStart: new Date() },
    };
  }
  if (
    settings.LIVE_CHAT_PROVIDER === 'crisp' &&
    /^[0-9a-f-]{36}$/i.test(settings.CRISP_WEBSITE_ID)
  ) {
    return {
      provider: 'crisp',
      src: 'https://client.crisp.chat/l.js',
      globals: {
        $crisp: [],
        CRISP_WEBSITE_ID: settings.CRISP_WEBSITE_ID,
        CRISP_RUNTIME_CONFIG: { locale: language },
      },
    };
  }
  return null;
}

/** Adds the provider's script once; later calls (a re-render, a second mount) change nothing. */
export function injectChat(plan: ChatPlan, doc: Document = document): HTMLScriptElement {
  const existing = doc.getElementById(CHAT_SCRIPT_ID);
  if (existing instanceof HTMLScriptElement) return existing;
  const scope = (doc.defaultView ?? window) as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(plan.globals)) {
    if (scope[name] === undefined) scope[name] = value;
  }
  const script = doc.createElement('script');
  script.id = CHAT_SCRIPT_ID;
  script.async = true;
  script.src = plan.src;
  script.charset = 'UTF-8';
  script.crossOrigin = 'anonymous';
  script.dataset.provider = plan.provider;
  doc.head.appendChild(script);
  return script;
}
