// Reads the claims of the access token. The signature is the server's business; the client only
// needs who the player is and when the token runs out.
import type { TokenClaims } from '@reelcast/protocol/http';

export type TokenUser = Pick<
  TokenClaims,
  'id' | 'username' | 'name' | 'lastname' | 'email' | 'role' | 'exp'
>;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  // Names carry Turkish and Arabic letters: the payload is UTF-8, not Latin-1.
  return new TextDecoder().decode(bytes);
}

export function decodeToken(token: string): TokenUser | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(decodeBase64Url(payload)) as Partial<TokenClaims>;
    if (typeof claims.exp !== 'number' || typeof claims.id !== 'number') return null;
    return {
      id: claims.id,
      username: claims.username ?? '',
      name: claims.name ?? '',
      lastname: claims.lastname ?? '',
      email: claims.email ?? '',
      role: claims.role ?? '',
      exp: claims.exp,
    };
  } catch {
    return null;
  }
}

export function isExpired(user: TokenUser, nowMs = Date.now()): boolean {
  return user.exp * 1000 <= nowMs;
}
