// SIGTERM to the server as an operator runs it (main.ts under tsx, its own process, PGlite in a
// temporary DATA_DIR): a player mid-game hears 18820 and is disconnected, the process exits 0
// within SHUTDOWN_GRACE_MS (and its close), and the next start on the same data has the slot
// session open with the credits the machine showed and the wallet as it was.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyAck } from './machine-clients';
import { freePort, untilHealthy } from './server-process';

const serverDir = path.resolve(import.meta.dirname, '..');
const GRACE_MS = 10_000;
/** Beyond the grace: the close after the drain (database, floor) and a busy box. */
const EXIT_BOUND_MS = GRACE_MS + 20_000;

interface Started {
  child: ChildProcess;
  base: string;
  /** the JSON log lines written so far */
  log: Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

async function start(dataDir: string): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PLAYER_DIST: '/nonexistent',
      LOG_LEVEL: 'info',
      FAULT_RATE_PER_HOUR: '0',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      SESSION_GRACE_MS: String(3_600_000),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const log: Array<Record<string, unknown>> = [];
  let partial = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) log.push(JSON.parse(line));
  });
  child.stderr!.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  await untilHealthy(base, { child });
  return { child, base, log, exited };
}

/** SIGTERM, then how it ended; SIGKILL (and a failing test) if it outlives the bound. */
async function terminate(server: Started): Promise<{ code: number | null; signal: string | null }> {
  server.child.kill('SIGTERM');
  const killer = setTimeout(() => server.child.kill('SIGKILL'), EXIT_BOUND_MS);
  const ended = await server.exited;
  clearTimeout(killer);
  return ended;
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234', site_id: 0 }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).token;
}

async function get(base: string, url: string, token: string): Promise<AnyAck> {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.json();
}

const request = (s: Socket, event: string, payload: unknown = {}): Promise<AnyAck> =>
  s.timeout(10_000).emitWithAck(event, payload);

describe('SIGTERM to the server process', () => {
  it('mid-game: the player is told and disconnected, it exits 0, and the restart has the credits', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-sigterm-'));
    const first = await start(dataDir);
    const token = await login(first.base);
    const socket = io(`${first.base}/machine`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const heard: string[] = [];
    let credits = -1;
    socket.on('machine', (m: { credits: number }) => {
      credits = m.credits;
    });
    socket.on('info', (info: { code: number }) => heard.push(`info ${info.code}`));
    const disconnected = new Promise<void>((resolve) =>
      socket.on('disconnect', () => {
        heard.push('disconnected');
        resolve();
      }),
    );
    try {
      const joined = await request(socket, 'init', { machineID: 3, token });
      expect(joined.code).toBe(20000);
      const moved = await request(socket, 'transfer', {
        amount: 2_500,
        requestId: 'sigterm-test-1',
      });
      expect(moved.code).toBe(20000);
      expect((await request(socket, 'press', { button: 'spin' })).pressed).toBe(true);

      const ended = await terminate(first);
      await disconnected;
      expect(ended).toEqual({ code: 0, signal: null });
      expect(heard).toEqual(['info 18820', 'disconnected']);
      // The spin was in play at the signal: the drain waited for it.
      expect(first.log.find((l) => l.msg === 'drained')).toMatchObject({
        gamesInPlay: 1,
        gamesUnfinished: 0,
      });
      expect(credits).toBeGreaterThanOrEqual(0);

      const second = await start(dataDir);
      const again = await login(second.base);
      expect(await get(second.base, '/player/slot-sessions/open', again)).toEqual([
        expect.objectContaining({ id: joined.session.id, machineId: 3, credits }),
      ]);
      expect((await get(second.base, '/player/balance', again)).balance).toBe(moved.balance);
      expect(await terminate(second)).toEqual({ code: 0, signal: null });
    } finally {
      socket.disconnect();
    }
  }, 300_000);
});
