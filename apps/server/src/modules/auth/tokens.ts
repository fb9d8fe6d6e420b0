// Access tokens: HS256 JWTs with exp and nbf, checked on every route and socket. A logout
// revokes the token's jti until it would have expired anyway; a password change or a ban bumps
// the player's token version (claim `tv`), which revokes every token issued before it.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ErrorCode } from '@reelcast/protocol/codes';
import { type TokenClaims, tokenClaims } from '@reelcast/protocol/http';
import { lt } from 'drizzle-orm';
import { compactVerify, errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { revokedTokens } from '../../db/schema';
import { AppError } from '../../errors';
import { authRepository } from './repository';

/** The protocol's claims plus the server's own token version. */
const signedClaims = tokenClaims.extend({ tv: z.number().int().nonnegative() });

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
  /** every token of the player issued before now is void (password change, ban) */
  superseded: [playerId: number];
}

export class Tokens extends EventEmitter<TokenEvents> {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    super();
    this.key = new TextEncoder().encode(secret);
  }

  async issue(s: TokenSubject): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      id: s.id,
      username: s.username,
      name: s.name,
      lastname: s.lastname,
      email: s.email,
      role: s.role,
      tv: s.tokenVersion,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(s.id))
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setNotBefore(now - 5)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * The token's claims, or an AppError: 10 for a bad signature, 40100 for anything else
   * (expired, not yet valid, revoked, issued before a password change or ban, player gone).
   */
  async verify(token: string): Promise<TokenClaims> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] }));
    } catch (e) {
      if (e instanceof errors.JWSSignatureVerificationFailed) {
        throw new AppError(ErrorCode.signatureNotVerified, 401);
      }
      throw new AppError(ErrorCode.unauthorized, 401);
    }
    const claims = signedClaims.safeParse(payload);
    if (!claims.success) throw new AppError(ErrorCode.unauthorized, 401);
    const state = await authRepository.tokenState(this.db, claims.data.id, claims.data.jti);
    if (!state || state.revoked || state.banned || state.tokenVersion !== claims.data.tv) {
      throw new AppError(ErrorCode.unauthorized, 401);
    }
    const { tv: _tv, ...rest } = claims.data;
    return rest;
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

  async revoke(claims: TokenClaims): Promise<void> {
    await this.db
      .insert(revokedTokens)
      .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
      .onConflictDoNothing();
    // Expired revocations are dead weight; trim them while we are here.
    await this.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
    this.emit('revoked', claims.id, claims.jti);
  }

  /** Call after bumping a player's token version. */
  superseded(playerId: number): void {
    this.emit('superseded', playerId);
  }
}

export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}
