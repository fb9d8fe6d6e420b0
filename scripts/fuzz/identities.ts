// The four callers of every case: a guest (no token, or one that is no token), a player, another
// player, and staff. Cases change passwords, log out and miss PINs, all of which end tokens; a
// caller whose token was ended gets a new one before its next case, as a player would sign in.
import { AGENT_PROTOCOL_VERSION, type AgentHello } from '@reelcast/protocol/agent';
import { zeroMeters } from '@reelcast/protocol/floor';
import { eq } from 'drizzle-orm';
import { players } from '../../apps/server/src/db/schema';
import { hashAgentSecret, newAgentSecret } from '../../apps/server/src/modules/agents/credentials';
import { agentRepository } from '../../apps/server/src/modules/agents/repository';
import type { Services } from '../../apps/server/src/services';

export type Who = 'guest' | 'player' | 'other' | 'staff';

const usernameOf: Record<Exclude<Who, 'guest'>, string> = {
  player: 'demo',
  other: 'demo2',
  staff: 'staff',
};

export class Identities {
  private readonly tokens = new Map<Who, string>();
  private readonly ids = new Map<Who, number>();

  constructor(private readonly services: Services) {}

  /** A token of the caller that the server accepts now. */
  async token(who: Exclude<Who, 'guest'>): Promise<string> {
    const held = this.tokens.get(who);
    if (held) {
      try {
        await this.services.tokens.verify(held);
        return held;
      } catch {
        // Ended by a case (logout, password change, wrong PINs): sign in again.
      }
    }
    const [row] = await this.services.database.db
      .select()
      .from(players)
      .where(eq(players.username, usernameOf[who]));
    if (!row) throw new Error(`no demo account ${usernameOf[who]}`);
    this.ids.set(who, row.id);
    const token = await this.services.tokens.issue(row);
    this.tokens.set(who, token);
    return token;
  }

  private agentCreds: Promise<{ auth: Record<string, unknown>; hello: AgentHello }> | null = null;

  /**
   * The fuzz's machine agent, registered once for machines 1 and 2, and the hello it says (other
   * machines' messages are then foreign to it).
   */
  agent(): Promise<{ auth: Record<string, unknown>; hello: AgentHello }> {
    this.agentCreds ??= (async () => {
      const secret = newAgentSecret();
      const hash = await hashAgentSecret(secret);
      await agentRepository.add(this.services.database.db, 'fuzz-agent', hash, [1, 2]);
      const state = {
        status: 'idle',
        credits: 0,
        bet: 0,
        win: 0,
        spinning: false,
        autoplay: false,
      };
      const cabinet = (machineId: number) => ({
        machineId,
        game: 'classic',
        state,
        meters: zeroMeters,
        pendingHandPay: null,
        epoch: 'fuzz-epoch-0001',
        money: [],
        unrecorded: 0,
      });
      return {
        auth: { agentId: 'fuzz-agent', secret, version: AGENT_PROTOCOL_VERSION },
        hello: { pid: process.pid, software: 'fuzz', cabinets: [cabinet(1), cabinet(2)] },
      };
    })();
    return this.agentCreds;
  }

  /** The caller's player id (after its first token). */
  id(who: Exclude<Who, 'guest'>): number | undefined {
    return this.ids.get(who);
  }

  static usernames(): string[] {
    return [...Object.values(usernameOf), 'demo0', 'nomenu', 'nobody'];
  }
}
