// Tokens whose signature has already been checked, by their exact text. A browsing player sends
// the same token with every request for the whole of its life, and checking its HMAC again each
// time (jose, through WebCrypto) was 5 % of the server's thread under load (docs/proof.md, load).
// Only what cannot change for a given text is kept: that the signature is ours and the claims it
// signs. Expiry and not-before are checked again on every use, as jose checks them; revocation,
// sign-in and token version are the database's, asked on every request as before (tokens.ts).
import type { JWTPayload } from 'jose';

export class VerifiedTokens {
  private readonly entries = new Map<string, JWTPayload>();

  /** `max` bounds the memory: past it the oldest entry goes (its token is checked again). */
  constructor(private readonly max = 20_000) {}

  /** The claims of a token checked before, while they are in force at `now` (seconds). */
  get(token: string, now: number): JWTPayload | undefined {
    const payload = this.entries.get(token);
    if (!payload) return undefined;
    // jose's rules with no clock tolerance: expired once exp <= now, not valid while nbf > now.
    if ((payload.exp !== undefined && payload.exp <= now) || (payload.nbf ?? 0) > now) {
      this.entries.delete(token);
      return undefined;
    }
    return payload;
  }

  /** Keeps a token whose signature and time claims jose has just accepted. */
  add(token: string, payload: JWTPayload): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, payload);
  }

  get size(): number {
    return this.entries.size;
  }
}
