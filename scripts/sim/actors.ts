// What each planned operation does against the server: the players' HTTP calls and /machine
// sockets, and the staff API. Outcomes are tallied by kind and answer code, never decided on.
import type postgres from 'postgres';
import { type Answer, call, MachineSocket, signIn } from './client';
import type { Op } from './plan';
import { SIM_PASSWORD, usernameOf } from './setup';

export interface PlayerState {
  id: number;
  username: string;
  token: string;
  socket: MachineSocket | null;
  /** the machine of the player's last seat, for a rejoin or a cancel from the lobby */
  machine: number | null;
}

/** Every answer an operator had for a key: how often it moved money and how often it answered. */
export interface KeyRecord {
  player: number;
  direction: 'deposit' | 'withdraw';
  amount: number;
  answered: number;
  applied: number;
  /** sent, but the server died before answering: retried after the restart */
  unanswered: number;
}

export class Actors {
  readonly tally = new Map<string, number>();
  readonly keys = new Map<string, KeyRecord>();
  staffToken = '';

  constructor(
    /** where an actor's requests go now: a player's index, the staff's is the players' count */
    private readonly route: (actor: number) => string,
    readonly players: PlayerState[],
    private readonly sql: postgres.Sql,
    private readonly machines: number[],
    private readonly graceMs: number,
  ) {}

  private count(kind: string, code: number | string): void {
    const k = `${kind} ${code}`;
    this.tally.set(k, (this.tally.get(k) ?? 0) + 1);
  }

  private http(kind: string, a: Answer): Answer {
    this.count(kind, a.status === 200 ? 200 : (a.body?.code ?? a.status));
    return a;
  }

  async run(op: Op): Promise<void> {
    switch (op.kind) {
      case 'quit':
        return void this.http(
          'quit',
          await this.staff('/staff/quit-session', { machineId: op.machine }),
        );
      case 'fault':
        return void this.http(
          'fault',
          await this.staff('/staff/machine-fault', {
            machineId: op.machine,
            fault: op.fault,
            active: op.active,
          }),
        );
      case 'handpay':
        return this.handPay(op.pick);
      case 'operator':
        return this.operator(op);
      default:
        return this.playerOp(op, this.players[op.player]!);
    }
  }

  private async playerOp(op: Extract<Op, { player: number }>, p: PlayerState): Promise<void> {
    const b = this.route(op.player);
    switch (op.kind) {
      case 'signin': {
        const token = await signIn(b, p.username, SIM_PASSWORD);
        this.count('signin', token ? 200 : 0);
        if (token) p.token = token;
        return;
      }
      case 'join':
        return this.join(p, op.machine, op.player);
      case 'rejoin':
        if (op.afterGrace) await new Promise((r) => setTimeout(r, this.graceMs + 700));
        return this.join(p, p.machine ?? this.machines[0]!, op.player);
      case 'transfer':
        return this.transfer(p, op.amount, op.requestId, op.retry);
      case 'spin':
        if (op.bet) this.ack('bet', await this.emit(p, 'press', { button: op.bet }));
        return this.ack('spin', await this.emit(p, 'press', { button: 'spin' }));
      case 'auto':
        return this.ack('auto', await this.emit(p, 'press', { button: 'auto' }));
      case 'cashout':
        return this.ack('cashout', await this.emit(p, 'cashout', {}));
      case 'leave':
        this.ack('leave', await this.emit(p, 'leave', {}));
        return this.dropSocket(p);
      case 'drop':
        this.count('drop', p.socket?.connected ? 'connected' : 'none');
        return this.dropSocket(p);
      case 'cancel': {
        const machineId = p.machine ?? this.machines[0]!;
        this.dropSocket(p);
        return void this.http(
          'cancel',
          await call(b, 'POST', '/player/cancel', p.token, { machineId }),
        );
      }
      case 'claim':
        return void this.http(op.claim, await call(b, 'GET', `/player/${op.claim}`, p.token));
      case 'reserve':
        return void this.http(
          'reserve',
          await call(b, 'POST', '/player/reserve', p.token, { machineId: op.machine }),
        );
      case 'release':
        return void this.http('release', await call(b, 'POST', '/player/reserve/release', p.token));
    }
  }

  private ack(kind: string, a: { code: number }): void {
    this.count(kind, a.code);
  }

  private emit(p: PlayerState, event: string, payload: unknown) {
    if (!p.socket) return Promise.resolve({ code: -1 });
    return p.socket.request(event, payload);
  }

  private dropSocket(p: PlayerState): void {
    p.socket?.close();
    p.socket = null;
  }

  private async join(p: PlayerState, machine: number, player: number): Promise<void> {
    if (!p.socket?.connected) {
      this.dropSocket(p);
      p.socket = new MachineSocket(this.route(player));
      if (!(await p.socket.ready())) return this.count('join', `no-connect ${p.socket.failure}`);
    }
    const a = await p.socket.request('init', { machineID: machine, token: p.token });
    this.count('join', a.code);
    if (a.code === 20000) p.machine = machine;
  }

  private async transfer(p: PlayerState, amount: number, requestId: string, retry: boolean) {
    const first = await this.emit(p, 'transfer', { amount, requestId });
    this.ack('transfer', first);
    // The same request again, as a client that lost the acknowledgement: it must land once.
    if (retry) this.ack('transfer-retry', await this.emit(p, 'transfer', { amount, requestId }));
  }

  staff(path: string, body: unknown): Promise<Answer> {
    return call(this.route(this.players.length), 'POST', path, this.staffToken, body);
  }

  private async handPay(pick: number): Promise<void> {
    // The attendant goes to a machine whose hand pay candle is lit, else to any machine.
    const lit = await this.sql`
      select machine_id from slot_sessions where status = 'open' and hand_pay > 0
      order by machine_id`;
    const machineId =
      lit.length > 0
        ? Number(lit[pick % lit.length]!.machine_id)
        : this.machines[pick % this.machines.length]!;
    this.http('handpay', await this.staff('/staff/handpay-reset', { machineId }));
  }

  async operator(op: Extract<Op, { kind: 'operator' }>): Promise<void> {
    const sends = op.retry ? 2 : 1;
    for (let i = 0; i < sends; i++) await this.sendOperator(op);
  }

  async sendOperator(op: Pick<KeyRecord, 'player' | 'direction' | 'amount'> & { key: string }) {
    const rec = this.keys.get(op.key) ?? {
      player: op.player,
      direction: op.direction,
      amount: op.amount,
      answered: 0,
      applied: 0,
      unanswered: 0,
    };
    this.keys.set(op.key, rec);
    const a = await this.staff(`/staff/${op.direction}`, {
      username: usernameOf(op.player),
      amount: op.amount,
      idempotencyKey: op.key,
      reason: 'money simulation',
    });
    this.http(op.direction, a);
    if (a.status === 0) rec.unanswered += 1;
    if (a.status === 200) {
      rec.answered += 1;
      if (a.body.applied) rec.applied += 1;
    }
  }

  /** Operator calls the server died on are sent again with their key (the operator's retry). */
  async retryUnanswered(): Promise<void> {
    for (const [key, rec] of this.keys) {
      if (rec.unanswered === 0 || rec.answered > 0) continue;
      await this.sendOperator({ ...rec, key });
    }
  }

  /** Every socket went with the server. */
  forgetSockets(): void {
    for (const p of this.players) this.dropSocket(p);
  }
}
