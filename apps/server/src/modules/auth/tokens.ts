// Access tokens: HS256 JWTs with exp and nbf, checked on every route and socket; a logout
// revokes the token's jti until it would have expired anyway.
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@reelcast/protocol/codes';
import { type TokenClaims, tokenClaims } from '@reelcast/protocol/http';
import { and, eq, gt, lt } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { revokedTokens } from '../../db/schema';
import { AppError } from '../../errors';

export interface TokenSubject {
  id: number;
  username: string;
  name: string;
  lastname: string;
  email: string;
  role: string;
}

export class Tokens {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly ttlSeconds: number,
  ) {
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
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(s.id))
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setNotBefore(now - 5)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
  }

  /** The token's claims, or an AppError: 10 for a bad signature, 40100 for anything else. */
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
    const claims = tokenClaims.safeParse(payload);
    if (!claims.success) throw new AppError(ErrorCode.unauthorized, 401);
    const revoked = await this.db
      .select({ jti: revokedTokens.jti })
      .from(revokedTokens)
      .where(and(eq(revokedTokens.jti, claims.data.jti), gt(revokedTokens.expiresAt, new Date())));
    if (revoked.length > 0) throw new AppError(ErrorCode.unauthorized, 401);
    return claims.data;
  }

  async revoke(claims: TokenClaims): Promise<void> {
    await this.db
      .insert(revokedTokens)
      .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
      .onConflictDoNothing();
    // Expired revocations are dead weight; trim them while we are here.
    await this.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
  }
}

export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}
