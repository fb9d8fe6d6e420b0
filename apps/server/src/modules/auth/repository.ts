// SQL of player accounts. Every method takes the transaction (or database) it runs in; the token
// check, prepared once, takes the database.
import type { UserSettings } from '@reelcast/protocol/http';
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Runner } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { players, revokedTokens, signIns } from '../../db/schema';

export type Player = typeof players.$inferSelect;

/** authRepository.tokenState's statement: every request and socket asks it (db/prepared.ts). */
const tokenStateQuery = preparedOn((db) =>
  db
    .select({
      tokenVersion: players.tokenVersion,
      banned: players.banned,
      role: players.role,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')} and ${revokedTokens.expiresAt} > now())`,
      // Spelled out: drizzle leaves columns unqualified, and "id" would mean sign_ins.id here.
      signedIn: sql<boolean>`exists (select 1 from sign_ins s where s.id = ${sql.placeholder('sid')}::uuid and s.player_id = players.id and s.ended_at is null and s.ends_at > now())`,
    })
    .from(players)
    .where(eq(players.id, sql.placeholder('id')))
    .prepare('token_state'),
);

export const authRepository = {
  /**
   * A sign-in's player and the account its attempts count against, in one query: the player is
   * the exact match as before (username as typed, or the e-mail); the account is that player, or
   * else one whose username or e-mail equals the name in another case, so 'DEMO' counts against
   * demo even though it cannot sign in as demo.
   */
  async findForLogin(
    tx: Runner,
    login: string,
  ): Promise<{ player: Player | null; accountId: number | null }> {
    const exact = or(eq(players.username, login), eq(players.email, login.toLowerCase()));
    const key = login.trim().toLowerCase();
    const rows = await tx
      .select({ player: players, exact: sql<boolean>`${exact}` })
      .from(players)
      .where(
        or(exact, sql`lower(${players.username}) = ${key}`, sql`lower(${players.email}) = ${key}`),
      )
      .orderBy(sql`${exact} desc`, players.id)
      .limit(1);
    const row = rows[0];
    return { player: row?.exact ? row.player : null, accountId: row?.player.id ?? null };
  },

  async findById(tx: Runner, id: number): Promise<Player | null> {
    const rows = await tx.select().from(players).where(eq(players.id, id));
    return rows[0] ?? null;
  },

  /** The last sign-in becomes the previous one, in one statement. */
  async recordLogon(tx: Runner, id: number, ip: string): Promise<void> {
    await tx
      .update(players)
      .set({
        previousLogon: sql`${players.lastLogon}`,
        previousLogonIp: sql`${players.lastLogonIp}`,
        lastLogon: sql`now()`,
        lastLogonIp: ip,
      })
      .where(eq(players.id, id));
  },

  /**
   * What a token check needs in one round trip: the player's token version, ban and role (routes
   * trust this role, not the token's), whether this jti was revoked, and whether its sign-in is
   * still on. Null when the player no longer exists.
   */
  async tokenState(
    db: Db,
    id: number,
    jti: string,
    sid: string,
  ): Promise<{
    tokenVersion: number;
    banned: boolean;
    role: string;
    revoked: boolean;
    signedIn: boolean;
  } | null> {
    const rows = await tokenStateQuery(db).execute({ id, jti, sid });
    return rows[0] ?? null;
  },

  /** A new sign-in ending `maxSeconds` from now (database clock); the player's over ones go. */
  async startSignIn(
    tx: Runner,
    id: string,
    playerId: number,
    maxSeconds: number,
  ): Promise<{ endsAt: Date }> {
    await tx
      .delete(signIns)
      .where(
        and(
          eq(signIns.playerId, playerId),
          or(isNotNull(signIns.endedAt), lte(signIns.endsAt, sql`now()`)),
        ),
      );
    const rows = await tx
      .insert(signIns)
      .values({
        id,
        playerId,
        endsAt: sql`now() + (${maxSeconds}::double precision * interval '1 second')`,
      })
      .returning({ endsAt: signIns.endsAt });
    return rows[0]!;
  },

  /** The sign-in's end when it is still on, else null. */
  async liveSignIn(tx: Runner, id: string, playerId: number): Promise<{ endsAt: Date } | null> {
    const rows = await tx
      .select({ endsAt: signIns.endsAt })
      .from(signIns)
      .where(
        and(
          eq(signIns.id, id),
          eq(signIns.playerId, playerId),
          isNull(signIns.endedAt),
          gt(signIns.endsAt, sql`now()`),
        ),
      );
    return rows[0] ?? null;
  },

  /** Ends a sign-in: every token renewed from its login stops working. */
  async endSignIn(tx: Runner, id: string, playerId: number): Promise<void> {
    await tx
      .update(signIns)
      .set({ endedAt: sql`now()` })
      .where(and(eq(signIns.id, id), eq(signIns.playerId, playerId), isNull(signIns.endedAt)));
  },

  /**
   * Revokes one jti until `expiresAt`; false when it was revoked already, so of two renewals of
   * one token only the first goes on. Expired revocations are trimmed on the way.
   */
  async revokeJti(tx: Runner, jti: string, expiresAt: Date): Promise<boolean> {
    const rows = await tx
      .insert(revokedTokens)
      .values({ jti, expiresAt })
      .onConflictDoNothing()
      .returning({ jti: revokedTokens.jti });
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
    return rows.length > 0;
  },

  /** Sets a new password hash and revokes every token issued so far; answers the new version. */
  async setPassword(tx: Runner, id: number, passwordHash: string): Promise<number> {
    const rows = await tx
      .update(players)
      .set({ passwordHash, tokenVersion: sql`${players.tokenVersion} + 1` })
      .where(eq(players.id, id))
      .returning({ tokenVersion: players.tokenVersion });
    return rows[0]!.tokenVersion;
  },

  /** Stores a new PIN's hash (never the PIN); the count of wrong PINs starts over. */
  async setPin(tx: Runner, id: number, pinHash: string): Promise<void> {
    await tx
      .update(players)
      .set({ pinHash, pinChangedAt: sql`now()`, pinFailures: 0 })
      .where(eq(players.id, id));
  },

  /** Bans or lifts a ban; a ban also revokes every token issued so far. */
  async setBanned(tx: Runner, id: number, banned: boolean): Promise<void> {
    await tx
      .update(players)
      .set({
        banned,
        tokenVersion: banned ? sql`${players.tokenVersion} + 1` : sql`${players.tokenVersion}`,
      })
      .where(eq(players.id, id));
  },

  /** §4 the player's layout settings, replaced whole (protocol userSettings). */
  async setSettings(tx: Runner, id: number, settings: UserSettings): Promise<void> {
    await tx.update(players).set({ settings }).where(eq(players.id, id));
  },

  /** §6 the player's permission ids, replaced whole. */
  async setPermissions(tx: Runner, id: number, permissions: number[]): Promise<void> {
    await tx.update(players).set({ permissions }).where(eq(players.id, id));
  },

  async setIpAllowList(tx: Runner, id: number, list: string[]): Promise<void> {
    await tx.update(players).set({ ipAllowList: list }).where(eq(players.id, id));
  },
};
