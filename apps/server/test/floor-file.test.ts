// The floor file: the seed loads it, a higher revision adds what is new, a bad one stops the start;
// and the §9 WEBCAM flag over the camera-type machines it declares.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FloorFile } from '@reelcast/protocol/floor';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFloorFile, readFloorFile } from '../src/db/floor-file';
import { brands, jackpots, machines } from '../src/db/schema';
import { loadFloor } from '../src/db/seed';
import type { SimulatedAgent } from '../src/modules/floor/simulated-agent';
import {
  type DbKind,
  loginToken,
  startListeningServer,
  startTestServer,
  type TestServer,
} from './support';

// biome-ignore lint/suspicious/noExplicitAny: answers are loosely typed JSON
type Json = any;

const floor = readFloorFile(defaultFloorFile);
const serverRoot = path.resolve(import.meta.dirname, '..');

const get = async (server: TestServer, token: string, url: string): Promise<Json> =>
  (await server.app.inject({ url, headers: { authorization: `Bearer ${token}` } })).json();

describe('the seed', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    token = await loginToken(server, 'demo');
  });
  afterAll(() => server.close());

  it('loads every brand and machine of the floor file, with its game, picture and video type', async () => {
    const listed = (await get(server, token, '/machine/all')) as Json[];
    expect(
      listed.map((m) => ({
        name: m.name,
        brand: m.brand.name,
        game: m.game,
        image: m.image,
        videoType: m.videoType,
      })),
    ).toEqual(
      floor.machines.map(({ name, brand, game, image, videoType }) => ({
        name,
        brand,
        game,
        image,
        videoType,
      })),
    );
    const byBrand = (await get(server, token, '/machine/brands')) as Json[];
    expect(Object.fromEntries(byBrand.map((b) => [b.name, b.machineCount]))).toEqual(
      Object.fromEntries(
        floor.brands.map((b) => [b.name, floor.machines.filter((m) => m.brand === b.name).length]),
      ),
    );
    // Each machine of the floor runs the game the file names, in the look it names.
    const looks = new Map(floor.machines.map((m) => [m.name, m.look]));
    for (const m of listed) {
      const agent = server.services.floor.agent(m.id) as SimulatedAgent;
      expect(agent.egm.game.id, m.name).toBe(m.game);
      expect(agent.look, m.name).toBe(looks.get(m.name));
    }
  });
});

describe.each<DbKind>(['pglite', 'postgres'])('a new floor revision (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('adds the brands and machines it does not have and leaves the others as they are', async () => {
    const db = server.services.database.db;
    expect(await loadFloor(db, floor)).toBeNull();

    const first = floor.machines[0]!;
    const next: FloorFile = {
      version: floor.version + 1,
      brands: [...floor.brands, { name: 'Merkur', image: '/images/brands/merkur.svg' }],
      machines: [
        // Already on the floor: a changed entry does not touch it (sessions point at it).
        { ...first, game: 'video5', image: '/images/machines/changed.svg' },
        {
          name: 'Eye of Ra',
          brand: 'Merkur',
          game: 'video5',
          image: '/images/machines/eye-of-ra.svg',
          videoType: 'camera',
        },
      ],
    };
    expect(await loadFloor(db, next)).toEqual({ version: next.version, brands: 1, machines: 1 });

    const [kept] = await db.select().from(machines).where(eq(machines.name, first.name));
    expect(kept).toMatchObject({ game: first.game, image: first.image });
    const [added] = await db.select().from(machines).where(eq(machines.name, 'Eye of Ra'));
    const [merkur] = await db.select().from(brands).where(eq(brands.name, 'Merkur'));
    expect(added).toMatchObject({ brandId: merkur!.id, game: 'video5', videoType: 'camera' });
    // A new brand gets its progressive levels like the seeded ones.
    expect(await db.select().from(jackpots).where(eq(jackpots.brandId, merkur!.id))).toHaveLength(
      3,
    );
    expect(await db.select().from(machines)).toHaveLength(floor.machines.length + 1);

    // The same revision again, or an older one, changes nothing.
    expect(await loadFloor(db, next)).toBeNull();
    expect(await loadFloor(db, { ...next, version: 1, machines: [] as never })).toBeNull();
  });
});

describe('a floor file that cannot be used', () => {
  it('stops the start with a message naming the file and the problem, no stack trace', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reelcast-floor-'));
    const file = path.join(dir, 'floor.json');
    writeFileSync(
      file,
      JSON.stringify({ ...floor, machines: [{ ...floor.machines[0], game: 'poker' }] }),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        FLOOR_FILE: file,
        DATA_DIR: path.join(dir, 'data'),
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
        PORT: '0',
        // Stay who we are: a server started as root would read the file as nobody.
        RUN_AS_UID: '0',
        RUN_AS_GID: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`Reelcast failed to start: Invalid floor file ${file}:`);
    expect(stderr).toContain('machines.0.game: "poker" is not a game');
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});

describe('the WEBCAM flag (§9)', () => {
  let server: TestServer;
  let url: string;
  let settingsFile: string;
  const sockets: Socket[] = [];
  const cameraMachines = () =>
    floor.machines.flatMap((m, i) => (m.videoType === 'camera' ? [i + 1] : []));
  const screenMachine = floor.machines.findIndex((m) => m.videoType === 'screen') + 1;

  beforeAll(async () => {
    settingsFile = path.join(mkdtempSync(path.join(tmpdir(), 'reelcast-settings-')), 's.json');
    writeFileSync(settingsFile, JSON.stringify({ WEBCAM: false }));
    ({ server, url } = await startListeningServer('pglite', { SETTINGS_FILE: settingsFile }));
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server.close();
  });

  const join = async (machineID: number, username: string): Promise<Json> => {
    const s = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(s);
    return s
      .timeout(5000)
      .emitWithAck('init', { machineID, token: await loginToken(server, username) });
  };

  it('off: camera-type machines are not available in the lobby and a join is refused', async () => {
    const token = await loginToken(server, 'demo');
    expect(cameraMachines().length).toBeGreaterThan(0);
    const listed = (await get(server, token, '/machine/all')) as Json[];
    for (const m of listed) {
      expect(m.status, m.name).toBe(m.videoType === 'camera' ? 'not_available' : 'available');
    }
    const camera = cameraMachines()[0]!;
    const refused = await join(camera, 'demo');
    expect(refused.code).toBe(40924);
    expect(refused.ErrorMessage).toMatch(/Camera video is turned off/);
    // No slot session was opened, and the machine cannot be reserved either.
    expect((await get(server, token, `/machine/${camera}`)).status).toBe('not_available');
    const reserve = await server.app.inject({
      method: 'POST',
      url: '/player/reserve',
      headers: { authorization: `Bearer ${token}` },
      payload: { machineId: camera },
    });
    expect(reserve.json().code).toBe(40923);
    // Screen-type machines play as ever.
    expect((await join(screenMachine, 'demo2')).code).toBe(20000);
  });

  it('on (the operator edits the file while running): they play normally', async () => {
    writeFileSync(settingsFile, JSON.stringify({ WEBCAM: true }));
    const token = await loginToken(server, 'demo');
    const camera = cameraMachines()[0]!;
    const machine = await get(server, token, `/machine/${camera}`);
    expect(machine).toMatchObject({ status: 'available', videoType: 'camera' });
    const joined = await join(camera, 'demo');
    expect(joined.code).toBe(20000);
    expect(joined.session).toMatchObject({ machineId: camera, status: 'open' });
  });
});
