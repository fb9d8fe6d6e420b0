// Access tokens: HS256 JWTs with exp and nbf, checked on every route and socket. Each belongs to
// a sign-in (claim `sid`, table sign_ins): the chain of tokens renewed from one /login, which ends
// SIGN_IN_MAX_SECONDS after the login however often it is renewed, or at logout. A renewal
// revokes the token it replaces (its jti, until it would have expired anyway); a password change
// or a ban bumps the player's token version (claim `tv`), which revokes every token before it.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ErrorCode } from '@reelcast/protocol/codes';
import { type TokenClaims, tokenClaims } from '@reelcast/protocol/http';
import { compactVerify, errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { authRepository } from './repository';
import { VerifiedTokens } from './verified-tokens';

/** The protocol's claims plus the server's own: token version and sign-in. */
const signedClaims = tokenClaims.extend({
  tv: z.number().int().nonnegative(),
  sid: z.string().uuid(),
});

/** What verify answers: the claims with the sign-in, and the role as the database has it now. */
export type VerifiedClaims = TokenClaims & { sid: string };

/** The sign-in a token continues. */
export interface SignIn {
  sid: string;
  endsAt: Date;
}

/** The sign-in of claims that came from verify (request.claims, socket.data.claims). */
function sidOf(claims: TokenClaims): string | null {
  const sid = (claims as Partial<VerifiedClaims>).sid;
  return typeof sid === 'string' ? sid : null;
}

export interface TokenSubject {
  id: number;
  username: string;
  name: string;
  lastname: string;
  email: string;
  role: string;
  tokenVersion: number;
}

/** Told to whoever holds long-lived connections, so a revoked token's sockets close too. */
export interface TokenEvents {
  revoked: [playerId: number, jti: string];
  /** a sign-in ended (logout, too many wrong PINs): every token of it is void */
  ended: [playerId: number, sid: string];
  /** every token of the player issued before now is void (password change, ban) */
  superseded: [playerId: number];
}

export class Tokens extends EventEmitter<TokenEvents> {
  private readonly key: Uint8Array;
  private readonly verified = new VerifiedTokens();

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly ttlSeconds: number,
    private readonly signInMaxSeconds = 24 * 3600,
  ) {
    super();
    this.key = new TextEncoder().encode(secret);
  }

  /** A token of `signIn`, or of a new sign-in (a /login) when none is given. */
  async issue(s: TokenSubject, signIn?: SignIn): Promise<string> {
    const { sid, endsAt } = signIn ?? (await this.startSignIn(s.id));
    const now = Math.floor(Date.now() / 1000);
    // No token outlives its sign-in.
    const exp = Math.min(now + this.ttlSeconds, Math.floor(endsAt.getTime() / 1000));
    return new SignJWT({
      id: s.id,
      username: s.username,
      name: s.name,
      lastname: s.lastname,
      email: s.email,
      role: s.role,
      tv: s.tokenVersion,
      sid,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(s.id))
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setNotBefore(now - 5)
      .setExpirationTime(exp)
      .sign(this.key);
  }

  private async startSignIn(playerId: number): Promise<SignIn> {
    const sid = randomUUID();
    const { endsAt } = await authRepository.startSignIn(
      this.db,
      sid,
      playerId,
      this.signInMaxSeconds,
    );
    return { sid, endsAt };
  }

  /**
   * The token's claims, or an AppError: 10 for a bad signature, 40100 for anything else
   * (expired, not yet valid, revoked, renewed, its sign-in over, issued before a password change
   * or ban, player gone). The role is the player's role now, not the one signed into the token.
   */
  async verify(token: string): Promise<VerifiedClaims> {
    let payload = this.verified.get(token, Math.floor(Date.now() / 1000));
    if (!payload) {
      try {
        ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] }));
      } catch (e) {
        if (e instanceof errors.JWSSignatureVerificationFailed) {
          throw new AppError(ErrorCode.signatureNotVerified, 401);
        }
        throw new AppError(ErrorCode.unauthorized, 401);
      }
      this.verified.add(token, payload);
    }
    const claims = signedClaims.safeParse(payload);
    if (!claims.success) throw new AppError(ErrorCode.unauthorized, 401);
    const { id, jti, sid, tv, ...rest } = claims.data;
    const state = await authRepository.tokenState(this.db, id, jti, sid);
    if (!state || state.revoked || !state.signedIn || state.banned || state.tokenVersion !== tv) {
      throw new AppError(ErrorCode.unauthorized, 401);
    }
    return { ...rest, id, jti, sid, role: state.role };
  }

  /**
   * The player a token was signed for, whether or not it is still valid (expired, revoked):
   * null unless the signature is ours. Used to log a refused check against its player.
   */
  async signedSubject(token: string): Promise<{ id: number; username: string } | null> {
    try {
      const { payload } = await compactVerify(token, this.key, { algorithms: ['HS256'] });
      const claims = signedClaims
        .pick({ id: true, username: true })
        .safeParse(JSON.parse(new TextDecoder().decode(payload)));
      return claims.success ? claims.data : null;
    } catch {
      return null;
    }
  }

  /**
   * /validate: a new token of the same sign-in for `s`, revoking the presented one. Of two
   * renewals of one token only the first succeeds, so a copied token cannot fork the chain.
   */
  async renew(claims: TokenClaims, s: TokenSubject): Promise<string> {
    const sid = sidOf(claims);
    if (!sid || !(await authRepository.revokeJti(this.db, claims.jti, expiry(claims)))) {
      throw new AppError(ErrorCode.unauthorized, 401);
    }
    this.emit('revoked', claims.id, claims.jti);
    const signIn = await authRepository.liveSignIn(this.db, sid, claims.id);
    if (!signIn) throw new AppError(ErrorCode.unauthorized, 401);
    return this.issue(s, { sid, endsAt: signIn.endsAt });
  }

  /** Ends the whole sign-in of verified claims (logout, too many wrong PINs), sockets too. */
  async revoke(claims: TokenClaims): Promise<void> {
    const sid = sidOf(claims);
    if (sid) await authRepository.endSignIn(this.db, sid, claims.id);
    await authRepository.revokeJti(this.db, claims.jti, expiry(claims));
    this.emit('revoked', claims.id, claims.jti);
    if (sid) this.emit('ended', claims.id, sid);
  }

  /** Call after bumping a player's token version. */
  superseded(playerId: number): void {
    this.emit('superseded', playerId);
  }
}

const expiry = (claims: TokenClaims) => new Date(claims.exp * 1000);

export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}
