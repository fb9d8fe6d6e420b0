// One load worker thread: its share of the simulated players. Every player holds a /notice
// socket (init, then balance pushes; a browsing player's lobby is on screen, so it also asks for
// the lobby's pushes of machine statuses and jackpots, the worst case); seated players also hold a
// /machine socket and play at a human pace (sit down, transfer, spins, cash out, leave, pause,
// again); the others browse over HTTP (lobby, brands, transactions, slot sessions). The offer the
// server sends on init is never answered: the bench measures the control plane, not video.
// With several server instances, this worker's players are dealt to them round-robin: each
// player's sockets and requests all go to its one instance.
// The /notice sockets are notice-client.ts's, on the wire as socket.io-client's but far cheaper:
// every push is received and counted, and only each sampled watcher (one player in SAMPLE_EVERY)
// decodes its lobby-updates, for the status push delay. The few hundred /machine sockets are
// socket.io-client's.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { NoticeSocket } from './notice-client';
import type { BenchPlayer } from './setup';
import { emptyReport, record, recordKind, SAMPLE_EVERY, type WorkerReport } from './stats';

export interface WorkerConfig {
  /** the instances' ports; this worker's k-th player talks to ports[k % ports.length] */
  ports: number[];
  players: BenchPlayer[];
  /** notice connections this worker opens a second during the ramp */
  connectPerSecond: number;
  /** mean seconds between a browsing player's requests */
  browseEverySeconds: number;
  /** mean seconds between a seated player's spins */
  spinEverySeconds: number;
  spinsPerSeat: number;
}

export type ToWorker = { type: 'run' } | { type: 'finish' } | { type: 'report' };
export type FromWorker =
  | { type: 'connected'; report: WorkerReport }
  | { type: 'report'; report: WorkerReport; final: boolean };

const cfg = workerData as WorkerConfig;
/** Each player's instance, dealt by its place in this worker's share. */
const portOf = new Map(cfg.players.map((p, k) => [p.id, cfg.ports[k % cfg.ports.length]!]));
const baseOf = (p: BenchPlayer) => `http://127.0.0.1:${portOf.get(p.id)}`;
/** Each sampled watcher decodes its lobby-updates for the status push delay (stats.ts). */
const sampled = new Set(cfg.players.filter((_, k) => k % SAMPLE_EVERY === 0).map((p) => p.id));
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let report = emptyReport();
let running = false;
let finishing = false;
const sleeps = new Set<() => void>();

/** A wait that finishing cuts short. */
const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(t);
      sleeps.delete(done);
      resolve();
    };
    const t = setTimeout(done, ms);
    sleeps.add(done);
  });
/** Exponential gaps, as independent players arrive (mean `mean` seconds). */
const gap = (mean: number) => Math.min(mean * 5, -Math.log(1 - Math.random()) * mean) * 1000;
const bump = (m: Record<string, number>, k: string) => {
  m[k] = (m[k] ?? 0) + 1;
};

/** The generator's own loop delay, in the report: how late a 10 ms timer fires. */
const LOOP_TICK_MS = 10;
let tickDue = performance.now() + LOOP_TICK_MS;
setInterval(() => {
  const now = performance.now();
  if (running) record(report.loop, now - tickDue);
  tickDue = now + LOOP_TICK_MS;
}, LOOP_TICK_MS).unref();

/** Longer than any game's reels take to stop. */
const REELS_SETTLE_MS = 4_000;

/** Machine status changes this worker caused, by `${machine}:${status}`: when they were sent. */
const expected = new Map<string, number>();
function expect(machineId: number, status: string): void {
  expected.set(`${machineId}:${status}`, performance.now());
}
setInterval(() => {
  const old = performance.now() - 10_000;
  for (const [k, t] of expected) if (t < old) expected.delete(k);
}, 5000).unref();

function get(path: string, p: BenchPlayer): Promise<void> {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: portOf.get(p.id),
        path,
        agent,
        headers: { authorization: `Bearer ${p.token}` },
        timeout: 30_000,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (running) {
            recordKind(
              report,
              report.http,
              `http ${path.split('?')[0]}`,
              performance.now() - start,
            );
            report.httpRequests++;
            if (res.statusCode !== 200) bump(report.errors, `http ${res.statusCode} ${path}`);
          }
          resolve();
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => {
      bump(report.errors, `http ${e.message} ${path.split('?')[0]}`);
      resolve();
    });
  });
}

const pages = [
  '/machine/all',
  '/machine/all',
  '/machine/brands',
  '/player/transactions?page=1&pageSize=20',
  '/player/slot-sessions?page=1&pageSize=20',
];

async function browse(p: BenchPlayer): Promise<void> {
  await sleep(gap(cfg.browseEverySeconds));
  while (!finishing) {
    await get(pages[Math.floor(Math.random() * pages.length)]!, p);
    await sleep(gap(cfg.browseEverySeconds));
  }
}

function connect(namespace: string, p: BenchPlayer): Promise<Socket> {
  const socket = io(`${baseOf(p)}${namespace}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: p.token },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (e) => {
      socket.close();
      reject(e);
    });
  });
}

type Answer = { code: number; [k: string]: unknown };

const ACK_TIMEOUT_MS = 30_000;

/** An emit with an acknowledgement, timed; a refusal or a timeout counts as an error. */
async function ask(
  socket: Socket | NoticeSocket,
  event: string,
  payload: unknown,
): Promise<Answer | null> {
  const start = performance.now();
  try {
    const answer = (
      socket instanceof NoticeSocket
        ? await socket.emitWithAck(event, payload, ACK_TIMEOUT_MS)
        : await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload)
    ) as Answer;
    recordKind(report, report.socket, `ack ${event}`, performance.now() - start);
    report.socketAcks++;
    if (answer.code !== 20000) {
      bump(report.errors, `ack ${answer.code} ${event}`);
      return null;
    }
    return answer;
  } catch {
    if (!finishing) bump(report.errors, `ack timeout ${event}`);
    return null;
  }
}

function disconnected(what: string, reason: string): void {
  if (what === 'notice') report.noticeHeld--;
  else report.machineHeld--;
  if (!finishing) bump(report.errors, `${what} disconnect: ${reason}`);
}

function pushed(event: string): void {
  report.pushesReceived++;
  bump(report.pushes, event);
}

type LobbyUpdate = { machines: Array<{ id: number; status: string }> };

async function openNotice(p: BenchPlayer): Promise<NoticeSocket | null> {
  let socket: NoticeSocket;
  try {
    socket = await NoticeSocket.connect(baseOf(p), '/notice', { token: p.token });
  } catch (e) {
    bump(report.errors, `notice connect: ${(e as Error).message}`);
    return null;
  }
  if (sampled.has(p.id)) {
    socket.on('lobby-update', (frame) => {
      pushed('lobby-update');
      const now = performance.now();
      const m = socket.decode(frame)[1] as LobbyUpdate;
      for (const change of m.machines) {
        const sent = expected.get(`${change.id}:${change.status}`);
        if (sent !== undefined && running) record(report.push, now - sent);
      }
    });
  } else socket.on('lobby-update', () => pushed('lobby-update'));
  socket.on('balance', () => pushed('balance'));
  const ack = await ask(socket, 'init', { id: p.id });
  if (!ack) return socket;
  // A seated player's screen is the game's; the others' lobby is on screen.
  if (p.machineId === null && !(await ask(socket, 'lobby', { watch: true }))) return socket;
  report.noticeHeld++;
  socket.onDisconnect = (reason) => disconnected('notice', reason);
  return socket;
}

/** One seat: sit down, move money on, spin, cash out, leave. False when the seat failed. */
async function seat(socket: Socket, p: BenchPlayer, machineId: number): Promise<void> {
  expect(machineId, 'playing');
  if (!(await ask(socket, 'init', { machineID: machineId, token: p.token }))) return;
  await ask(socket, 'transfer', { amount: 2_000, requestId: randomBytes(8).toString('hex') });
  let lastSpin = 0;
  for (let i = 0; i < cfg.spinsPerSeat && !finishing; i++) {
    await sleep(gap(cfg.spinEverySeconds));
    const button = i % 7 === 3 ? 'bet+' : 'spin';
    if (button === 'spin') lastSpin = performance.now();
    await ask(socket, 'press', { button });
  }
  // A player watches the reels stop before cashing out; a cash-out during a game waits for it
  // on the machine's queue, which would time the game, not the server.
  const settled = lastSpin + REELS_SETTLE_MS - performance.now();
  if (settled > 0) await new Promise((r) => setTimeout(r, settled));
  await ask(socket, 'cashout', {});
  expect(machineId, 'available');
  await ask(socket, 'leave', {});
}

async function play(p: BenchPlayer, machineId: number): Promise<Socket | null> {
  let socket: Socket;
  try {
    socket = await connect('/machine', p);
  } catch (e) {
    bump(report.errors, `machine connect: ${(e as Error).message}`);
    return null;
  }
  report.machineHeld++;
  socket.on('disconnect', (reason) => disconnected('machine', reason));
  socket.on('signal', () => {});
  socket.on('info', (i: { code: number }) => {
    // 70000: the video never started, as expected of a bench that never answers the offer.
    if (i.code === 70000) bump(report.notes, 'info 70000 (video not answered)');
    else bump(report.errors, `info ${i.code}`);
  });
  void (async () => {
    // Seats start spread over a seat's length, as players who sat down at different times.
    await sleep(Math.random() * cfg.spinsPerSeat * cfg.spinEverySeconds * 1000);
    while (!finishing) {
      await seat(socket, p, machineId);
      if (!finishing) await sleep(2_000 + gap(cfg.spinEverySeconds));
    }
    seated.delete(socket);
  })();
  return socket;
}

const sockets: Array<Socket | NoticeSocket> = [];
const seated = new Set<Socket>();

async function connectAll(): Promise<void> {
  const every = 1000 / cfg.connectPerSecond;
  const start = performance.now();
  await Promise.all(
    cfg.players.map(async (p, i) => {
      await sleep(Math.max(0, start + i * every - performance.now()));
      const notice = await openNotice(p);
      if (notice) sockets.push(notice);
    }),
  );
}

function startActivity(): void {
  for (const p of cfg.players) {
    if (p.machineId === null) void browse(p);
    else
      void play(p, p.machineId).then((s) => {
        if (s) {
          sockets.push(s);
          seated.add(s);
        }
      });
  }
}

/** Stops the activity, waits for seats to be left (money back in wallets), closes everything. */
async function finish(): Promise<void> {
  finishing = true;
  for (const wake of [...sleeps]) wake();
  const deadline = performance.now() + 60_000;
  while (seated.size > 0 && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  // Held counts as they stand before the bench's own disconnects lower them.
  const final = { ...report };
  for (const s of sockets) s.disconnect();
  agent.destroy();
  parentPort!.postMessage({ type: 'report', report: final, final: true } satisfies FromWorker);
}

parentPort!.on('message', (m: ToWorker) => {
  if (m.type === 'run') {
    // Figures are for the steady state: what the ramp did is left behind.
    const held = { notice: report.noticeHeld, machine: report.machineHeld, errors: report.errors };
    report = {
      ...emptyReport(),
      noticeHeld: held.notice,
      machineHeld: held.machine,
      errors: held.errors,
    };
    running = true;
    startActivity();
  } else if (m.type === 'report') {
    parentPort!.postMessage({ type: 'report', report, final: false } satisfies FromWorker);
  } else if (m.type === 'finish') {
    void finish();
  }
});

await connectAll();
parentPort!.postMessage({ type: 'connected', report } satisfies FromWorker);
