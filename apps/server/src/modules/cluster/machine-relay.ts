// A player's /machine socket may reach any instance of the cluster (issue #19), but only the
// machine's owner can seat or show it. When an init or watch names a machine owned elsewhere, this
// instance opens its own socket to the owner and relays both ways from then on, so the player app
// sees one ordinary connection and MachineConnection needs no change: the relayed events simply
// never reach it (socket.io's per-socket middleware drops what it does not pass on).
import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import { initRequest, MACHINE_NAMESPACE, watchRequest } from '@reelcast/protocol/machine-socket';
import type { FastifyBaseLogger } from 'fastify';
import type { Event, Socket } from 'socket.io';
import { type Socket as ClientSocket, io as connectTo } from 'socket.io-client';
import { payloadAndAck } from '../gateway/event-args';

/** Who owns a machine now: this instance, another one (where it is reached), or none alive. */
export type OwnerAnswer = { local: true } | { local: false; url: string } | null;

export interface RouteOptions {
  /** who owns the machine now (the lease); called at init/watch */
  ownerOf(machineId: number): Promise<OwnerAnswer>;
  /** how long to keep asking while there is no live owner (a failover in progress) */
  waitForOwnerMs: number;
  log: FastifyBaseLogger;
}

/** How often a machine without a live owner is looked up again while the failover runs. */
const OWNER_POLL_MS = 500;
/** The routed init/watch waits this long for the owner's answer (the player's own wait is 10 s). */
const UPSTREAM_ACK_MS = 10_000;
/** Packets kept while an owner is looked up: the player app sends nothing until init answers. */
const HELD_LIMIT = 100;

type Next = (err?: Error) => void;
type AckFn = (...answer: unknown[]) => void;

/**
 * No owner to answer: a failover is in progress, which the player is told as a restart is
 * (50300: credits safe, try again shortly). 40901 would speak of a hand pay or a fault.
 */
const unavailable = () => ({
  code: ErrorCode.serverRestarting,
  ErrorMessage: errorMessages[ErrorCode.serverRestarting]!,
  Params: {},
});

/**
 * Installs on a new /machine socket, before any other handler runs: events before init/watch go
 * to the local handlers; an init/watch for a machine owned elsewhere turns the socket into a relay.
 */
export function routeToOwner(socket: Socket, opts: RouteOptions): void {
  const route = new OwnerRoute(socket, opts);
  socket.use((packet, next) => route.take(packet, next));
  socket.on('disconnect', () => route.close());
}

/** The machine an init or watch names, when its machineID is valid; else the local handler's. */
function routedMachine(packet: Event): number | null {
  const [event, ...args] = packet;
  const schema = event === 'init' ? initRequest : event === 'watch' ? watchRequest : null;
  if (!schema) return null;
  const { payload } = payloadAndAck(args);
  const machineId = schema.shape.machineID.safeParse(
    (payload as { machineID?: unknown } | null | undefined)?.machineID,
  );
  return machineId.success ? machineId.data : null;
}

/** One socket's routing: local until an init/watch names a machine owned elsewhere. */
class OwnerRoute {
  private relay: Relay | null = null;
  /** Packets that came while an init/watch's owner was looked up, to be handled after it. */
  private held: [Event, Next][] | null = null;

  constructor(
    private readonly socket: Socket,
    private readonly opts: RouteOptions,
  ) {}

  take(packet: Event, next: Next): void {
    if (this.relay) {
      this.relay.forward(packet);
      return;
    }
    if (this.held) {
      // A flood, not a player: MachineConnection drops those too.
      if (this.held.length >= HELD_LIMIT) this.socket.disconnect(true);
      else this.held.push([packet, next]);
      return;
    }
    const machineId = routedMachine(packet);
    if (machineId === null) {
      next();
      return;
    }
    this.held = [];
    void this.route(machineId, packet, next);
  }

  close(): void {
    this.relay?.close();
    this.held = null;
  }

  private async route(machineId: number, packet: Event, next: Next): Promise<void> {
    const owner = await this.findOwner(machineId);
    if (!this.socket.connected) return;
    const held = this.held ?? [];
    this.held = null;
    if (owner?.local) {
      next();
    } else if (owner) {
      this.opts.log.info({ machineId, owner: owner.url }, 'machine socket relayed to its owner');
      this.relay = new Relay(this.socket, owner.url, machineId, this.opts.log);
      this.relay.forward(packet, UPSTREAM_ACK_MS);
    } else {
      // Nobody has it (its agent is nowhere, or still between owners): answered here, as one
      // instance answers a machine that is off line.
      this.opts.log.warn({ machineId }, 'machine has no live owner: answered here');
      next();
    }
    // In their order, after the init/watch: to the relay, or to the local handlers (where a
    // further init/watch is routed in its turn).
    for (const [later, itsNext] of held) this.take(later, itsNext);
  }

  /** The owner now, asking again while there is none, up to waitForOwnerMs. */
  private async findOwner(machineId: number): Promise<OwnerAnswer> {
    const until = Date.now() + this.opts.waitForOwnerMs;
    for (;;) {
      const owner = await this.opts.ownerOf(machineId).catch((err: unknown) => {
        this.opts.log.warn({ err, machineId }, 'machine owner lookup failed');
        return null;
      });
      const left = until - Date.now();
      if (owner || left <= 0 || !this.socket.connected) return owner;
      await sleep(Math.min(OWNER_POLL_MS, left));
    }
  }
}

/** The player's socket joined to one on the owner, for as long as both stay up. */
class Relay {
  private readonly upstream: ClientSocket;
  /** set when the player left: the upstream's end is then ours, not the owner's */
  private closing = false;

  constructor(
    private readonly player: Socket,
    owner: string,
    machineId: number,
    log: FastifyBaseLogger,
  ) {
    const { headers, address } = player.handshake;
    // The player's address after those the proxies in front gave, as a proxy adds its peer's.
    // The owner believes this header only from its TRUST_PROXY addresses, which must then list
    // the instances as well as the load balancer.
    const forwardedFor = [headers['x-forwarded-for'], address].flat().filter(Boolean).join(', ');
    this.upstream = connectTo(`${owner}${MACHINE_NAMESPACE}`, {
      transports: ['websocket'],
      // The player's own client reconnects, and is routed anew to whoever owns the machine then.
      reconnection: false,
      // One connection per player: a shared one would carry one player's address for all.
      forceNew: true,
      extraHeaders: { 'x-forwarded-for': forwardedFor },
    });
    // The protocol's server events carry no acknowledgement; one would pass through as well.
    this.upstream.onAny((event: string, ...args: unknown[]) => player.emit(event, ...args));
    this.upstream.on('connect_error', (err) => {
      log.warn({ machineId, owner, reason: err.message }, 'machine owner unreachable');
      this.drop();
    });
    this.upstream.on('disconnect', (reason) => {
      if (this.closing) return;
      // The owner ended the socket on purpose (a bad token, a flood): the player hears it so.
      if (reason === 'io server disconnect') player.disconnect(true);
      else this.drop();
    });
  }

  /** A player's packet to the owner; its acknowledgement, if any, is the owner's answer. */
  forward(packet: Event, ackTimeoutMs?: number): void {
    const [event, ...args] = packet;
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as AckFn) : null;
    try {
      if (!ack) this.upstream.emit(event, ...args);
      else if (ackTimeoutMs === undefined) this.upstream.emit(event, ...args, ack);
      else {
        this.upstream
          .timeout(ackTimeoutMs)
          .emit(event, ...args, (err: Error | null, ...reply: unknown[]) =>
            err ? ack(unavailable()) : ack(...reply),
          );
      }
    } catch {
      // A reserved name (connect, disconnect…) the client refuses: no local handler takes it either.
    }
  }

  close(): void {
    this.closing = true;
    this.upstream.disconnect();
  }

  /**
   * The owner went away: the player's connection is closed, not disconnected from the server's
   * side, which socket.io's client takes as final (as the drain does on a restart). The player's
   * client reconnects with back-off through the proxy and is routed to the machine's next owner.
   */
  private drop(): void {
    this.closing = true;
    this.upstream.disconnect();
    this.player.conn.close();
  }
}
