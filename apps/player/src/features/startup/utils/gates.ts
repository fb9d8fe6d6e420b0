// The §1 start-up gates as pure decisions: browser family, WebRTC, then the IP check. The
// components only show what these decide.
import type { CheckAnswer } from '@reelcast/protocol/geo';

export type BrowserFamily = 'chromium' | 'firefox' | 'safari' | 'other';

/**
 * The family from the user-agent signature. Chromium-based browsers (Chrome, Edge, Opera,
 * Samsung Internet, Yandex, Brave) carry `Chrome/` (`HeadlessChrome/` when automated); Chrome and Edge on iOS carry their own
 * tokens. Order matters: Chromium browsers also say `Safari/`.
 */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/\b(?:Firefox|FxiOS)\/\d/.test(userAgent) && !/Seamonkey\//i.test(userAgent)) {
    return 'firefox';
  }
  if (
    /\b(?:Chrome|HeadlessChrome|Chromium|CriOS|EdgiOS|EdgA?|OPR|SamsungBrowser|YaBrowser)\/\d/.test(
      userAgent,
    )
  ) {
    return 'chromium';
  }
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(userAgent)) return 'safari';
  return 'other';
}

export function browserSupported(userAgent: string, supported: readonly string[]): boolean {
  return supported.includes(browserFamily(userAgent));
}

/** WebRTC is there when the peer connection constructor is (some privacy settings remove it). */
export function webRtcAvailable(scope: object): boolean {
  const w = scope as { RTCPeerConnection?: unknown; webkitRTCPeerConnection?: unknown };
  return (
    typeof w.RTCPeerConnection === 'function' || typeof w.webkitRTCPeerConnection === 'function'
  );
}

/**
 * The check endpoint, one level above the API base (§7): API base `https://host/api` → check at
 * `https://host/check`; an empty base (this origin) → `/check`.
 */
export function checkUrl(apiBase: string, checkPath = '/check'): string {
  const base = apiBase.replace(/\/+$/, '');
  const [, origin = '', path = ''] = /^([a-z][a-z\d+.-]*:\/\/[^/]+)?(.*)$/i.exec(base) ?? [];
  return `${origin}${path.replace(/\/[^/]*$/, '')}${checkPath}`;
}

export type IpCheckOutcome =
  | { kind: 'allowed' }
  | { kind: 'blocked'; ip: string; country: string }
  | { kind: 'failed' };

/** §8: anything but a 200 with a readable answer is a network error. */
export function decideIpCheck(httpStatus: number, body: unknown): IpCheckOutcome {
  if (httpStatus !== 200 || typeof body !== 'object' || body === null) return { kind: 'failed' };
  const answer = body as Partial<CheckAnswer>;
  if (typeof answer.status !== 'boolean') return { kind: 'failed' };
  if (answer.status) return { kind: 'allowed' };
  return { kind: 'blocked', ip: String(answer.ip ?? ''), country: String(answer.country ?? '') };
}

export async function runIpCheck(
  url: string,
  fetcher: typeof fetch = fetch,
): Promise<IpCheckOutcome> {
  try {
    const response = await fetcher(url, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    const body: unknown = await response.json().catch(() => null);
    return decideIpCheck(response.status, body);
  } catch {
    return { kind: 'failed' };
  }
}

/** A country code as its name in the player's language ('US' → 'United States', 'ABD'…). */
export function countryName(code: string, language: string): string {
  if (!code) return '?';
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
