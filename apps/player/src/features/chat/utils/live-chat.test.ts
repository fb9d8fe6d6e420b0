import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_SCRIPT_ID, chatPlan, injectChat } from './live-chat';

const none = {
  LIVE_CHAT_PROVIDER: '' as const,
  TAWK_PROPERTY_ID: '',
  TAWK_WIDGET_ID: 'default',
  CRISP_WEBSITE_ID: '',
};
const crispId = '8a1b5c2e-1111-4f00-9a00-0123456789ab';
const scope = window as unknown as Record<string, unknown>;

describe('live chat', () => {
  afterEach(() => {
    document.getElementById(CHAT_SCRIPT_ID)?.remove();
    for (const name of [
      'Tawk_API',
      'Tawk_LoadStart',
      '$crisp',
      'CRISP_WEBSITE_ID',
      'CRISP_RUNTIME_CONFIG',
    ]) {
      delete scope[name];
    }
  });

  it('loads no widget when no provider, or a provider without its id, is configured', () => {
    expect(chatPlan(none, 'en')).toBeNull();
    expect(chatPlan({ ...none, LIVE_CHAT_PROVIDER: 'tawk' }, 'en')).toBeNull();
    expect(
      chatPlan({ ...none, LIVE_CHAT_PROVIDER: 'crisp', CRISP_WEBSITE_ID: 'x' }, 'en'),
    ).toBeNull();
    // An id cannot steer the script address elsewhere.
    expect(
      chatPlan({ ...none, LIVE_CHAT_PROVIDER: 'tawk', TAWK_PROPERTY_ID: '../evil' }, 'en'),
    ).toBeNull();
  });

  it("adds Tawk.to's embed script for the configured property and widget, once", () => {
    const plan = chatPlan(
      {
        ...none,
        LIVE_CHAT_PROVIDER: 'tawk',
        TAWK_PROPERTY_ID: '64f0c0ffee',
        TAWK_WIDGET_ID: '1h2k3',
      },
      'tr',
    );
    if (!plan) throw new Error('no plan');
    injectChat(plan);
    injectChat(plan);
    const scripts = document.querySelectorAll(`#${CHAT_SCRIPT_ID}`);
    expect(scripts).toHaveLength(1);
    const script = scripts[0] as HTMLScriptElement;
    expect(script.src).toBe('https://embed.tawk.to/64f0c0ffee/1h2k3');
    expect(script.async).toBe(true);
    expect(script.dataset.provider).toBe('tawk');
    expect(scope.Tawk_API).toEqual({});
  });

  it("adds Crisp's loader with the website id and the player's language", () => {
    const plan = chatPlan(
      { ...none, LIVE_CHAT_PROVIDER: 'crisp', CRISP_WEBSITE_ID: crispId },
      'ar',
    );
    if (!plan) throw new Error('no plan');
    const script = injectChat(plan);
    expect(script.src).toBe('https://client.crisp.chat/l.js');
    expect(scope.CRISP_WEBSITE_ID).toBe(crispId);
    expect(scope.CRISP_RUNTIME_CONFIG).toEqual({ locale: 'ar' });
    expect(scope.$crisp).toEqual([]);
  });
});
