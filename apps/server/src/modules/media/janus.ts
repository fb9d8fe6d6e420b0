// The media server (Janus VideoRoom, issue #18), spoken to by this server alone: players and
// agents never get a Janus handle, a room id or its secret, only media, with the signalling
// through the server's own sockets. Each machine has a room with a random id; each band a
// machine is watched at has one publisher (one encode, however many viewers), started with the
// first viewer and stopped a few seconds after the last; each viewer is a subscriber handle made
// when the server grants the video and detached the moment the grant ends (a player who leaves).
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MachineVideo } from '../floor/agent';
import { type JanusHandle, JanusSession } from './janus-client';
import { Feed, type FeedOptions } from './janus-feed';
import { createRoom, VIDEOROOM } from './videoroom';

/** A publisher nobody watches is kept this long, for the viewer who comes straight back. */
const FEED_LINGER_MS = 5000;

export interface MediaConfig {
  url: string;
  apiSecret: string;
  /** ICE candidates of these addresses only, Janus's and the agents' alike */
  allowed: readonly string[];
  iceServers: RTCIceServer[];
}

export class JanusMedia {
  private session: Promise<JanusSession> | null = null;
  private readonly rooms = new Map<number, Promise<number>>();
  private readonly feeds = new Map<string, { feed: Feed; refs: number; linger?: NodeJS.Timeout }>();

  constructor(
    readonly config: MediaConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Reachable and answering, with a session (the start-up check). */
  async check(): Promise<void> {
    await this.ensureSession();
  }

  /** A new handle on the VideoRoom plugin (a publisher, a subscriber or the room keeper). */
  async attach(): Promise<JanusHandle> {
    return (await this.ensureSession()).attach(VIDEOROOM);
  }

  private ensureSession(): Promise<JanusSession> {
    if (this.session) return this.session;
    const session = (async () => {
      const s = await JanusSession.connect(this.config.url, this.config.apiSecret);
      // Lost: every room and feed went with it; the next viewer connects again.
      s.once('closed', (why: string) => {
        if (this.session === session) this.forget(why);
      });
      return s;
    })();
    this.session = session;
    session.catch(() => {
      if (this.session === session) this.session = null;
    });
    return session;
  }

  private forget(why: string): void {
    this.log.error({ why }, 'media server connection lost');
    this.session = null;
    this.rooms.clear();
    for (const { feed, linger } of this.feeds.values()) {
      if (linger) clearTimeout(linger);
      feed.close();
    }
    this.feeds.clear();
  }

  /** The machine's room, made on first use with an id nobody can guess. */
  room(machineId: number): Promise<number> {
    let room = this.rooms.get(machineId);
    if (!room) {
      room = (async () => {
        const keeper = await this.attach();
        try {
          const id = randomInt(1, 2 ** 47);
          await createRoom(keeper, id, this.config.apiSecret);
          return id;
        } finally {
          await keeper.detach().catch(() => {});
        }
      })();
      this.rooms.set(machineId, room);
      room.catch(() => this.rooms.delete(machineId));
    }
    return room;
  }

  /** The machine's publisher at a band, started by its first viewer; give it back with release. */
  async feed(machine: MachineVideo, band: FeedOptions['band']): Promise<Feed> {
    const key = `${machine.machineId}:${band.id}`;
    let entry = this.feeds.get(key);
    if (!entry) {
      const room = await this.room(machine.machineId);
      // Another viewer may have started it while the room was being made.
      entry = this.feeds.get(key);
      if (!entry) {
        const feed = new Feed(this, { machine, band, room });
        entry = { feed, refs: 0 };
        this.feeds.set(key, entry);
        feed.ended.then(() => {
          if (this.feeds.get(key)?.feed === feed) this.feeds.delete(key);
        });
      }
    }
    if (entry.linger) clearTimeout(entry.linger);
    entry.linger = undefined;
    entry.refs++;
    return entry.feed;
  }

  release(feed: Feed): void {
    for (const [key, entry] of this.feeds) {
      if (entry.feed !== feed) continue;
      entry.refs--;
      if (entry.refs > 0) return;
      entry.linger = setTimeout(() => {
        if (this.feeds.get(key) !== entry || entry.refs > 0) return;
        this.feeds.delete(key);
        feed.close();
      }, FEED_LINGER_MS);
      entry.linger.unref();
      return;
    }
  }

  /** Publishers running now (one per machine and band being watched). */
  get publishers(): number {
    return this.feeds.size;
  }

  async close(): Promise<void> {
    for (const { feed, linger } of this.feeds.values()) {
      if (linger) clearTimeout(linger);
      feed.close();
    }
    this.feeds.clear();
    const session = this.session;
    this.session = null;
    await session?.then((s) => s.destroy()).catch(() => {});
  }
}
