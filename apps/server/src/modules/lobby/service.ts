// The lobby as the player sees it: brands and machines, each machine's status derived live from
// the floor and the open slot sessions.
import type { Brand, Machine } from '@reelcast/protocol/http';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import type { SessionService } from '../sessions/service';
import { lobbyRepository, type MachineRow } from './repository';

export class LobbyService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
  ) {}

  async brands(): Promise<Brand[]> {
    const rows = await lobbyRepository.brandsWithCounts(this.db);
    return rows.map((b) => ({ ...b, jackpot: '' }));
  }

  async machines(): Promise<Machine[]> {
    const rows = await lobbyRepository.machines(this.db);
    return rows.map((m) => this.toMachine(m));
  }

  async machine(id: number): Promise<Machine> {
    const row = await lobbyRepository.machine(this.db, id);
    if (!row) throw notFound('machine');
    return this.toMachine(row);
  }

  private toMachine(m: MachineRow): Machine {
    return {
      id: m.id,
      name: m.name,
      status: this.sessions.statusOf(m.id, m.enabled),
      image: m.image,
      brand:
        m.brandId !== null && m.brandName !== null ? { id: m.brandId, name: m.brandName } : null,
      reservation: null,
      videoType: m.videoType === 'camera' ? 'camera' : 'screen',
      game: m.game,
    };
  }
}
