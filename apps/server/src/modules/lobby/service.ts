// The lobby as the player sees it: brands with their jackpots, machines with a status derived
// live from the floor, the slot sessions and the reservations; reservations, kick and cancel.
// Every status change is pushed on /notice to the tabs showing the lobby, a short window's changes
// in one message with the jackpots (lobby-updates.ts); the lobby's polling (§9 LOBBY_UPDATE) is
// the fallback.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { Brand, Machine, MachineStatus } from '@reelcast/protocol/http';
import type {
  CancelAnswer,
  KickAnswer,
  ReleaseReservationAnswer,
  ReserveAnswer,
} from '@reelcast/protocol/lobby';
import { LogType } from '@reelcast/protocol/log-types';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { shareAnswer } from '../../http/shared-answers';
import { loginLog } from '../auth/login-log';
import type { Floor } from '../floor/floor';
import { sessionsRepository } from '../sessions/repository';
import { lobbyStatus } from '../sessions/seat';
import type { JoinCheck, SessionService } from '../sessions/service';
import type { Ledger } from '../wallet/ledger';
import type { JackpotService } from './jackpots';
import type { LobbyUpdates } from './lobby-updates';
import { Recent } from './recent';
import { lobbyRepository, type MachineRow } from './repository';
import type { ReservationRow } from './reservation-repository';
import type { Reservations } from './reservations';

/** Removes every machine connection of the player's on the machine; answers how many. */
export type Kicker = (playerId: number, machineId: number) => Promise<number>;

/** States in which nobody can play the machine (SAS: hand pay pending, tilt, door; link lost). */
const cabinetDown = (status: string | undefined) =>
  status === 'fault' || status === 'handpay' || status === 'offline';

const ok = { code: ErrorCode.success, ErrorMessage: errorMessages[ErrorCode.success]! };

/** §9 WEBCAM off: a machine seen through a camera is not offered to a new player. */
const cameraOff = (m: Pick<MachineRow, 'videoType'>, webcam: boolean) =>
  !webcam && m.videoType === 'camera';

/**
 * The lobby's rule for a new seat, which SessionService.open asks before it seats anyone: a
 * camera machine while WEBCAM is off is refused; otherwise it answers the machine's reservation,
 * which the seat's own rule weighs. Built before the sessions from what it reads, so neither
 * the lobby nor the sessions wait for the other.
 */
export function lobbyJoinCheck(
  db: Db,
  reservations: Pick<Reservations, 'forMachine'>,
  webcam: () => boolean,
): JoinCheck {
  return async (_playerId, machineId) => {
    const row = await lobbyRepository.machine(db, machineId);
    // Staff took it out of service (the back office): nobody new sits down.
    if (row && !row.enabled) throw new AppError(ErrorCode.machineUnavailable, 409, { machineId });
    if (row && cameraOff(row, webcam())) {
      throw new AppError(ErrorCode.cameraVideoOff, 409, { machineId });
    }
    const held = await reservations.forMachine(machineId);
    return held ? { playerId: held.playerId, expiresAt: held.expiresAt.getTime() } : null;
  };
}

/**
 * Several instances (issue #19): a machine's seat is known only to the instance that owns it; the
 * others show the status it published, with the reservations, which every instance reads alike.
 */
export interface LobbyCluster {
  owns(machineId: number): boolean;
  statuses(): Promise<Map<number, MachineStatus>>;
  publish(machineId: number, status: MachineStatus): Promise<void>;
}

type Published = Map<number, MachineStatus> | null;

/**
 * How long every player's lobby list is one shared answer, built once and serialised once
 * (http/shared-answers.ts): a change on this instance clears it at once, so this bounds only what
 * shows without an event here (a setting, another instance's machine).
 */
const SHARED_LIST_MS = 250;

/** The machine list as every player sees it, and who holds a reservation on which machine. */
interface SharedMachines {
  list: Machine[];
  /** machine → the player holding its reservation */
  reserverOf: ReadonlyMap<number, number>;
  reservers: ReadonlySet<number>;
}

/** How long lobby lists share the machine rows and brand counts (recent.ts): the pushes' pace. */
const SHARED_ROWS_MS = 1000;

export class LobbyService {
  private readonly lastPushed = new Map<number, MachineStatus>();
  private readonly cabinetWasDown = new Map<number, boolean>();
  private readonly machineRows: Recent<MachineRow[]>;
  private readonly brandRows: Recent<Awaited<ReturnType<typeof lobbyRepository.brandsWithCounts>>>;
  private readonly sharedMachines: Recent<SharedMachines>;
  private readonly sharedBrands: Recent<Brand[]>;

  constructor(
    private readonly db: Db,
    private readonly floor: Floor,
    private readonly sessions: SessionService,
    private readonly ledger: Ledger,
    /** where status changes go to the lobbies (with the jackpots, lobby-updates.ts) */
    private readonly updates: Pick<LobbyUpdates, 'status'>,
    readonly jackpots: JackpotService,
    readonly reservations: Reservations,
    /** removes the player's machine sockets (the /machine namespace's, see gateway.ts) */
    private readonly kicker: Kicker,
    /** §9 WEBCAM, read at each use: the operator's settings file may change it while running. */
    private readonly webcam: () => boolean = () => true,
    /** the wait list's say: a machine with a queue is held only for its first in line */
    private readonly waitListCheck: (playerId: number, machineId: number) => void = () => {},
    private readonly cluster: LobbyCluster | null = null,
  ) {
    this.machineRows = new Recent(() => lobbyRepository.machines(db), SHARED_ROWS_MS);
    this.brandRows = new Recent(() => lobbyRepository.brandsWithCounts(db), SHARED_ROWS_MS);
    this.sharedMachines = new Recent(() => this.buildMachines(), SHARED_LIST_MS);
    this.sharedBrands = new Recent(() => this.buildBrands(), SHARED_LIST_MS);
    sessions.on('status', (machineId) => this.refresh(machineId, { seatChanged: true }));
    reservations.on('changed', (machineId) => this.refresh(machineId));
    for (const agent of floor.all()) {
      // 'change' fires on every meter change; only a cabinet going down or up matters here.
      agent.on('change', (state) => {
        const down = cabinetDown(state.status);
        if (this.cabinetWasDown.get(agent.machineId) === down) return;
        this.cabinetWasDown.set(agent.machineId, down);
        this.refresh(agent.machineId);
      });
    }
    reservations.resume().catch(() => {
      // Reads compare expiry times themselves; only the push of a lapse would be missed.
    });
  }

  /** The brands with their counts and jackpots: one shared answer (jackpots a moment old). */
  brands(): Promise<Brand[]> {
    return this.sharedBrands.get();
  }

  /**
   * The machines with their statuses, as the player sees them: the shared list, unless the player
   * holds a reservation, which is theirs (`mine`) in their copy.
   */
  async machines(playerId: number): Promise<Machine[]> {
    const { list, reserverOf, reservers } = await this.sharedMachines.get();
    if (!reservers.has(playerId)) return list;
    return list.map((m) =>
      m.reservation && reserverOf.get(m.id) === playerId
        ? { ...m, reservation: { ...m.reservation, mine: true } }
        : m,
    );
  }

  private async buildBrands(): Promise<Brand[]> {
    const [rows, jackpots] = await Promise.all([this.brandRows.get(), this.jackpots.byBrand()]);
    return shareAnswer(rows.map((b) => ({ ...b, jackpot: jackpots.get(b.id) ?? '' })));
  }

  private async buildMachines(): Promise<SharedMachines> {
    const [rows, held, published] = await Promise.all([
      this.machineRows.get(),
      this.reservations.active(),
      this.published(),
    ]);
    const list = rows.map((m) => this.toMachine(m, held.get(m.id) ?? null, null, published));
    const reserverOf = new Map([...held.values()].map((r) => [r.machineId, r.playerId]));
    return { list: shareAnswer(list), reserverOf, reservers: new Set(reserverOf.values()) };
  }

  async machine(id: number, playerId: number): Promise<Machine> {
    const row = await lobbyRepository.machine(this.db, id);
    if (!row) throw notFound('machine');
    const [held, published] = await Promise.all([
      this.reservations.forMachine(id),
      this.published(),
    ]);
    return this.toMachine(row, held, playerId, published);
  }

  async statusOf(machineId: number): Promise<MachineStatus> {
    const row = await lobbyRepository.machine(this.db, machineId);
    if (!row) return 'not_available';
    const [held, published] = await Promise.all([
      this.reservations.forMachine(machineId),
      this.published(),
    ]);
    return this.derive(row, held, published);
  }

  /** The statuses other instances' machines were published with; null: one instance. */
  private published(): Promise<Published> {
    return this.cluster ? this.cluster.statuses() : Promise.resolve(null);
  }

  async reserve(playerId: number, machineId: number): Promise<ReserveAnswer> {
    const row = await lobbyRepository.machine(this.db, machineId);
    if (!row) throw notFound('machine');
    const held = await this.reservations.forMachine(machineId);
    if (held && held.playerId !== playerId) throw new AppError(ErrorCode.machineReserved, 409);
    // Not past a queue: a reservation at the moment a queued machine frees would hold it from
    // its first in line (40921, as the seats' join answers). Renewing one's own is no jump.
    if (held?.playerId !== playerId) this.waitListCheck(playerId, machineId);
    const status = this.derive(row, null, await this.published());
    if (status !== 'available') throw new AppError(ErrorCode.notReservable, 409, { status });
    const reservation = await this.reservations.hold(playerId, machineId);
    return { ...ok, machineId, expiresAt: reservation.expiresAt.toISOString() };
  }

  async release(playerId: number): Promise<ReleaseReservationAnswer> {
    return { ...ok, machineId: await this.reservations.release(playerId) };
  }

  /** §7 kick: removes the player's own session from wherever else it is played; see lobby.ts. */
  async kick(
    player: { id: number; username: string },
    machineId: number,
    ip: string,
  ): Promise<KickAnswer> {
    await this.ownSession(player.id, machineId);
    const kicked = await this.kicker(player.id, machineId);
    if (kicked > 0) {
      await loginLog.record(this.db, {
        playerId: player.id,
        login: player.username,
        type: LogType.kickedByPlayer,
        ip,
        detail: `machine ${machineId}`,
      });
    }
    return { ...ok, machineId, kicked, status: await this.statusOf(machineId) };
  }

  /** §7 cancel: cashes the player's open session out to the wallet and closes it. */
  async cancel(playerId: number, machineId: number): Promise<CancelAnswer> {
    const session = await this.ownSession(playerId, machineId);
    const amount = await this.sessions.close(session.id, 'cancel');
    // With the ledger entry's id, as /notice's balance push and the transfer's acknowledgement
    // carry it: the client takes balances in seq order only (one ordered path).
    return { ...ok, machineId, amount, ...(await this.ledger.balanceWithSeq(playerId)) };
  }

  private async ownSession(playerId: number, machineId: number) {
    const session = await sessionsRepository.openForMachine(this.db, machineId);
    if (!session || session.playerId !== playerId) {
      throw new AppError(ErrorCode.noOpenSession, 409, { machineId });
    }
    return session;
  }

  /** The machine's seat (with its reservation) as the lobby shows it: sessions/seat.ts. */
  private derive(
    m: MachineRow,
    reservation: ReservationRow | null,
    published: Published,
  ): MachineStatus {
    if (published && !this.cluster?.owns(m.id)) {
      // Owned elsewhere: its owner's word, with the reservations as every instance reads them.
      const status = m.enabled ? (published.get(m.id) ?? 'not_available') : 'not_available';
      if (status === 'available' && reservation) return 'reserved';
      if (status === 'reserved' && !reservation) return 'available';
      return status;
    }
    const agent = this.floor.agent(m.id);
    const held = reservation
      ? { playerId: reservation.playerId, expiresAt: reservation.expiresAt.getTime() }
      : null;
    return lobbyStatus(this.sessions.seatOn(m.id, held), {
      up: m.enabled && agent?.status === 'ready',
      cabinetDown: cabinetDown(agent?.state().status),
      cameraOff: cameraOff(m, this.webcam()),
    });
  }

  /** `playerId`: whose reservation is `mine`; null for the list every player shares. */
  private toMachine(
    m: MachineRow,
    reservation: ReservationRow | null,
    playerId: number | null,
    published: Published,
  ): Machine {
    return {
      id: m.id,
      name: m.name,
      status: this.derive(m, reservation, published),
      image: m.image,
      brand:
        m.brandId !== null && m.brandName !== null ? { id: m.brandId, name: m.brandName } : null,
      reservation: reservation
        ? {
            expiresAt: reservation.expiresAt.toISOString(),
            mine: reservation.playerId === playerId,
          }
        : null,
      videoType: m.videoType === 'camera' ? 'camera' : 'screen',
      game: m.game,
    };
  }

  /** Something the status reads changed outside the seats (staff turned the machine off or on). */
  machineChanged(machineId: number): void {
    this.machineRows.clear();
    this.brandRows.clear();
    this.sharedBrands.clear();
    this.refresh(machineId);
  }

  /**
   * Recomputes the machine's status in the machine's queue (after the seat change that caused
   * it) and pushes it if it changed.
   */
  private refresh(machineId: number, opts: { seatChanged?: boolean } = {}): void {
    // Called as the change happens: no list read after it is the one from before.
    this.sharedMachines.clear();
    const next = this.sessions.queue.run(machineId, async () => {
      // A player sat down: a reservation (theirs, or one that raced the join) has done its job.
      const seat = opts.seatChanged ? this.sessions.statusOf(machineId, true) : null;
      if (seat === 'playing' || seat === 'waiting') {
        await this.reservations.consume(machineId);
      }
      const status = await this.statusOf(machineId);
      if (this.cluster?.owns(machineId)) await this.cluster.publish(machineId, status);
      if (this.lastPushed.get(machineId) === status) return;
      this.lastPushed.set(machineId, status);
      this.updates.status({ id: machineId, status });
    });
    // A failed refresh is made good by the next change or the lobby's polling.
    next.catch(() => {});
  }
}
