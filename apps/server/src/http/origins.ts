// Which browser origins may use the API and the sockets: the server's own (the page it serves),
// and the operator's ALLOWED_ORIGINS for a player app served from elsewhere. Anything that sends
// no Origin (a script, a native client, a same-origin GET) is no browser page to check.

/**
 * none: no Origin header; same: the page this server serves; listed: one of ALLOWED_ORIGINS;
 * refused: any other page.
 */
export type OriginVerdict = 'none' | 'same' | 'listed' | 'refused';

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    // 'null' (a sandboxed or file: page) and garbage are no origin of ours.
    return null;
  }
}

/** Judges an Origin header against the request's Host and the allowed origins. */
export function originPolicy(allowed: readonly string[]) {
  const listed = new Set(allowed);
  return (origin: string | undefined, host: string | undefined): OriginVerdict => {
    if (origin === undefined) return 'none';
    if (listed.has(origin)) return 'listed';
    if (host !== undefined && hostOf(origin) === host.toLowerCase()) return 'same';
    return 'refused';
  };
}
