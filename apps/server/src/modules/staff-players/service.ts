// The back office's rules for players (issue #21): search and a player's account as staff see it,
// and the changes staff make to one (ban, password and PIN resets, §6 permissions, group and
// type). Each change runs in one transaction with its audit entry (`record`, given the state
// before and after), and a change that ends sign-ins closes the player's sockets too.
import type { PlayerProfileAnswer, PlayerSummary } from '@reelcast/protocol/console-players';
import { DEFAULT_PIN } from '@reelcast/protocol/log-types';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../errors';
import { hashPassword } from '../auth/passwords';
import { authRepository } from '../auth/repository';
import type { Tokens } from '../auth/tokens';
import { hashPin } from '../player/pin';
import type { SessionService } from '../sessions/service';
import { generatedPassword } from '../staff-accounts/service';
import { type PlayerRow, staffPlayerRepository } from './repository';

export type Record = (tx: Tx, before: unknown, after: unknown) => Promise<void>;

export const playerSummaryOf = (p: PlayerRow): PlayerSummary => ({
  id: p.id,
  username: p.username,
  email: p.email,
  name: p.name,
  lastname: p.lastname,
  balance: p.balance,
  banned: p.banned,
  lastLogon: p.lastLogon?.toISOString() ?? null,
});

type Access = { permissions: number[]; group: string; type: 'player' | 'operator' };
const accessOf = (p: PlayerRow): Access => ({
  permissions: p.permissions,
  group: p.group,
  type: p.type === 'operator' ? 'operator' : 'player',
});

export class StaffPlayers {
  constructor(
    private readonly db: Db,
    private readonly tokens: Tokens,
    private readonly sessions: Pick<SessionService, 'openSessionsOf'>,
  ) {}

  async search(q: { q?: string; banned?: 'true' | 'false'; page: number; pageSize: number }) {
    const { items, total } = await staffPlayerRepository.search(
      this.db,
      { q: q.q || undefined, banned: q.banned === undefined ? undefined : q.banned === 'true' },
      q.pageSize,
      (q.page - 1) * q.pageSize,
    );
    return { items: items.map(playerSummaryOf), total, page: q.page, pageSize: q.pageSize };
  }

  async profile(id: number): Promise<Omit<PlayerProfileAnswer, 'code' | 'ErrorMessage'>> {
    const p = await this.player(id);
    return {
      ...playerSummaryOf(p),
      ...accessOf(p),
      displayName: p.displayName,
      lastLogonIp: p.lastLogonIp,
      createdAt: p.createdAt.toISOString(),
      ipAllowList: p.ipAllowList,
      pinIsDefault: p.pinChangedAt === null,
      openSessions: this.sessions.openSessionsOf(id).map(({ session, credits }) => ({
        id: session.id,
        machineId: session.machineId,
        credits,
      })),
    };
  }

  /** 404 unless it is a player account: staff accounts are not reached from here. */
  async requirePlayer(id: number): Promise<void> {
    if (!(await staffPlayerRepository.exists(this.db, id))) throw notFound('player');
  }

  /** A ban ends every sign-in and socket now; the next sign-in answers 10704. */
  async setBanned(id: number, banned: boolean, record: Record): Promise<void> {
    await this.db.transaction(async (tx) => {
      const p = await this.player(id, tx);
      await authRepository.setBanned(tx, id, banned);
      await record(tx, { banned: p.banned }, { banned });
    });
    if (banned) this.tokens.superseded(id);
  }

  /** A generated password, answered once; every sign-in of the player ends. */
  async resetPassword(id: number, record: Record): Promise<string> {
    const password = generatedPassword();
    const hash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await this.player(id, tx);
      const tokenVersion = await authRepository.setPassword(tx, id, hash);
      await record(tx, null, { password: 'reset', tokenVersion });
    });
    this.tokens.superseded(id);
    return password;
  }

  async resetPin(id: number, record: Record): Promise<void> {
    const hash = await hashPin(DEFAULT_PIN);
    await this.db.transaction(async (tx) => {
      const p = await this.player(id, tx);
      await staffPlayerRepository.resetPin(tx, id, hash);
      await record(tx, { pinIsDefault: p.pinChangedAt === null }, { pinIsDefault: true });
    });
  }

  async setAccess(id: number, change: Partial<Access>, record: Record): Promise<Access> {
    return this.db.transaction(async (tx) => {
      const before = accessOf(await this.player(id, tx));
      const after: Access = {
        permissions: change.permissions ? [...new Set(change.permissions)] : before.permissions,
        group: change.group ?? before.group,
        type: change.type ?? before.type,
      };
      await staffPlayerRepository.setAccess(tx, id, after);
      await record(tx, before, after);
      return after;
    });
  }

  private async player(id: number, tx?: Tx): Promise<PlayerRow> {
    const p = await staffPlayerRepository.byId(tx ?? this.db, id, tx !== undefined);
    if (!p) throw notFound('player');
    return p;
  }
}
