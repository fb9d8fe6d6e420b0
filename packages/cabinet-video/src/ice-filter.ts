// Keeps ICE to the listed addresses, ours and the browser's: any other candidate, and mDNS
// `.local` names, is dropped before libwebrtc sees it or before it leaves the server.

/** The connection address of an ICE candidate line (`candidate:… <address> <port> typ …`). */
export function candidateAddress(candidate: string): string | null {
  const parts = candidate.replace(/^a=/, '').trim().split(/\s+/);
  if (!parts[0]?.startsWith('candidate:') || parts.length < 8) return null;
  return parts[4] ?? null;
}

export function candidateAllowed(candidate: string, allowed: readonly string[]): boolean {
  const address = candidateAddress(candidate);
  if (!address) return false;
  if (address.toLowerCase().endsWith('.local')) return false;
  return allowed.includes(address);
}

/** The SDP with every candidate line outside the list removed. */
export function filterSdp(sdp: string, allowed: readonly string[]): string {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  return sdp
    .split(eol)
    .filter((line) => !line.startsWith('a=candidate:') || candidateAllowed(line, allowed))
    .join(eol);
}
