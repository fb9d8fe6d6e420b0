// Sign-in rules: argon2id check (an unknown username costs the same as a wrong password),
// token issue, validate and logout.
import { createHash } from 'node:crypto';
import { ErrorCode } from '@reelcast/protocol/codes';
import type { LoginAnswer, TokenClaims } from '@reelcast/protocol/http';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { dummyHash, verifyPassword } from './passwords';
import { authRepository, type Player } from './repository';
import type { Tokens } from './tokens';

export const UI_VERSIONS = 'v2.4.5';

/** What the client compares a typed PIN against (§4); never the PIN itself. */
export const pinCode = (player: Pick<Player, 'id' | 'pin'>) =>
  createHash('sha256').update(`${player.id}:${player.pin}`).digest('hex');

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: Tokens,
  ) {}

  async login(username: string, password: string, ip: string): Promise<LoginAnswer> {
    const player = await authRepository.findByLogin(this.db, username);
    const ok = await verifyPassword(player?.passwordHash ?? (await dummyHash()), password);
    if (!player || !ok) throw new AppError(ErrorCode.wrongCredentials, 401);
    const previous = { at: player.lastLogon, ip: player.lastLogonIp };
    await authRepository.recordLogon(this.db, player.id, ip);
    return {
      token: await this.tokens.issue(player),
      pin_code: pinCode(player),
      ip_address: ip,
      versions: UI_VERSIONS,
      last_logon: previous.at ? previous.at.toISOString() : null,
      last_logon_ip: previous.ip,
    };
  }

  async validate(claims: TokenClaims): Promise<{ token: string; pin_code: string }> {
    const player = await authRepository.findById(this.db, claims.id);
    if (!player) throw new AppError(ErrorCode.unauthorized, 401);
    return { token: await this.tokens.issue(player), pin_code: pinCode(player) };
  }

  logout(claims: TokenClaims): Promise<void> {
    return this.tokens.revoke(claims);
  }
}
