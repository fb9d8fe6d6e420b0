// How fast a machine's status change reaches the lobbies: `npm run bench:lobby` from the
// repository root (`-- --watchers 1,25,100 --rounds 40`). An in-process server (embedded
// database) listens on loopback; W signed-in /notice sockets watch; each round a player sits down
// on a machine (SessionService.open, as the machine socket's init does) and later leaves, and the
// time from the call to the moment every watcher has received the `lobby-update` push carrying
// it is recorded: the lobby's pace (a message at most once a second, a lone change after 250 ms)
// is in the figure.
// Prints p50 / p95 / max per watcher count. Loopback only; bounded rounds; stops by itself.
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { playerRow, startTestServer, tokenFor } from '../apps/server/test/support';

const { values } = parseArgs({
  options: {
    watchers: { type: 'string', default: '1,25,100' },
    rounds: { type: 'string', default: '40' },
  },
});
const watcherCounts = values.watchers.split(',').map(Number);
const rounds = Math.min(500, Number(values.rounds));

const server = await startTestServer('pglite', { LOG_LEVEL: 'silent' });
await server.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = server.app.server.address() as AddressInfo;
const watcherToken = await tokenFor(server, 'demo');
const watcherId = (await playerRow(server, 'demo')).id;
const player = await playerRow(server, 'demo2');

async function watcher(): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${port}/notice`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: watcherToken },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(5000).emitWithAck('init', { id: watcherId });
  if (ack.code !== 20000) throw new Error(`notice init refused: ${JSON.stringify(ack)}`);
  // Statuses go only to tabs whose lobby is on screen.
  const watch = await socket.timeout(5000).emitWithAck('lobby', { watch: true });
  if (watch.code !== 20000) throw new Error(`notice lobby refused: ${JSON.stringify(watch)}`);
  return socket;
}

/** Resolves when every watcher has seen the machine reach the status. */
function allSee(sockets: Socket[], machineId: number, status: string): Promise<void> {
  return Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve) => {
          const on = (p: { machines: Array<{ id: number; status: string }> }) => {
            if (!p.machines.some((m) => m.id === machineId && m.status === status)) return;
            s.off('lobby-update', on);
            resolve();
          };
          s.on('lobby-update', on);
        }),
    ),
  ).then(() => {});
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

console.log(`status push to /notice watchers, ${rounds} sit-downs and leaves each (ms)`);
console.log('watchers   p50    p95    max');
try {
  for (const count of watcherCounts) {
    const sockets = await Promise.all(Array.from({ length: count }, watcher));
    const samples: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const machineId = 1 + (round % 8);
      let seen = allSee(sockets, machineId, 'playing');
      let start = performance.now();
      const session = await server.services.sessions.open(player.id, machineId);
      await seen;
      samples.push(performance.now() - start);
      seen = allSee(sockets, machineId, 'available');
      start = performance.now();
      await server.services.sessions.close(session.id, 'player');
      await seen;
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1).padStart(6);
    console.log(
      `${String(count).padStart(8)} ${f(quantile(samples, 0.5))} ${f(quantile(samples, 0.95))} ${f(samples.at(-1)!)}`,
    );
    for (const s of sockets) s.disconnect();
  }
} finally {
  await server.close();
}
process.exit(0);
