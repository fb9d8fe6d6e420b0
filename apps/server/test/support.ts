// Builds a real server for tests: PGlite in memory, or a fresh database on the local PostgreSQL.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import postgres from 'postgres';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { readFloorFile } from '../src/db/floor-file';
import { players } from '../src/db/schema';
import { demoWanted, seedIfEmpty } from '../src/db/seed';
import { authRepository } from '../src/modules/auth/repository';
import { Floor, screensOf } from '../src/modules/floor/floor';
import { meterRepository } from '../src/modules/floor/meter-store';
import { lobbyRepository } from '../src/modules/lobby/repository';
import { hashPlainPins } from '../src/modules/player/pin';
import { Ledger } from '../src/modules/wallet/ledger';
import { createServices, type Services } from '../src/services';

export type DbKind = 'pglite' | 'postgres';

export const postgresAdminUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A throwaway database on the PostgreSQL server; drop() removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `reelcast_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(postgresAdminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface TestServer {
  services: Services;
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  close(): Promise<void>;
}

/**
 * A server on a fresh database of the kind, dropped at close; or, with `on`, on existing data (a
 * PGlite directory or a PostgreSQL database) that outlives it, to restart a server on its data.
 */
export async function startTestServer(
  kind: DbKind,
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
  on?: { dataDir: string } | { databaseUrl: string },
): Promise<TestServer> {
  const pg = !on && kind === 'postgres' ? await createPostgresDatabase() : null;
  const databaseUrl = pg?.url ?? (on && 'databaseUrl' in on ? on.databaseUrl : undefined);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'reelcast-test-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
    LOG_LEVEL: 'silent',
    PLAYER_DIST: '/nonexistent',
    // The tests sign in as the demo players, on PostgreSQL too: asked for, as an operator would.
    SEED_DEMO: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = await openDatabase(on ?? { databaseUrl: config.DATABASE_URL });
  const floorFile = readFloorFile(config.FLOOR_FILE);
  await seedIfEmpty(database.db, new Ledger(database.db), floorFile, {
    demo: demoWanted(config),
  });
  // As main.ts does at every start.
  await hashPlainPins(database.db);
  const machines = await lobbyRepository.machines(database.db);
  const meters = await meterRepository.all(database.db);
  const screens = screensOf(floorFile);
  const floor = new Floor(
    machines.map((m) => ({
      id: m.id,
      game: m.game,
      title: m.name,
      ...screens.get(m.name),
      meters: meters.get(m.id),
    })),
    config.FLOOR_FPS,
    { handPayLimit: config.HAND_PAY_LIMIT },
  );
  const services = createServices(config, database, floor);
  await services.sessions.resume();
  const { app } = await buildApp(services, { logStream });
  await app.ready();
  return {
    services,
    app,
    async close() {
      services.sessions.stop();
      floor.stop();
      await app.close();
      await services.meters.flush();
      await database.close();
      await pg?.drop();
    },
  };
}

export async function loginToken(server: TestServer, username = 'demo'): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/login',
    payload: { username, password: 'demo1234', site_id: 0 },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().token;
}

/** POST /login as a browser at `remoteAddress` would (default 127.0.0.1). */
export function login(
  server: TestServer,
  username: string,
  password: string,
  remoteAddress?: string,
) {
  return server.app.inject({
    method: 'POST',
    url: '/login',
    payload: { username, password, site_id: 0 },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** A player's row, straight from the database. */
/** A call with a player's bearer token: the status and the parsed answer. */
export async function callAs(
  server: TestServer,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape each route answers
): Promise<{ status: number; body: any }> {
  const res = await server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() };
}

export async function playerRow(server: TestServer, username: string) {
  const [row] = await server.services.database.db
    .select()
    .from(players)
    .where(eq(players.username, username));
  if (!row) throw new Error(`no player ${username}`);
  return row;
}

/** A valid token for a player without going through /login (no rate limit, no log entry). */
export async function tokenFor(server: TestServer, username: string): Promise<string> {
  return server.services.tokens.issue(await playerRow(server, username));
}

/**
 * A token signed with the server's key but with claims of our choosing: expired, not yet
 * valid, an old token version… `claims` override the valid ones of `username`.
 */
export async function signToken(
  server: TestServer,
  username: string,
  claims: Record<string, unknown> & { exp?: number; nbf?: number },
): Promise<string> {
  const p = await playerRow(server, username);
  const now = Math.floor(Date.now() / 1000);
  const { exp = now + 3600, nbf = now - 5, ...rest } = claims;
  return new SignJWT({
    id: p.id,
    username: p.username,
    name: p.name,
    lastname: p.lastname,
    email: p.email,
    role: p.role,
    tv: p.tokenVersion,
    // A sign-in of its own unless the test names one (`sid`).
    sid: 'sid' in rest ? undefined : await newSignIn(server, p.id),
    ...rest,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(p.id))
    .setJti(randomBytes(8).toString('hex'))
    .setIssuedAt(Math.min(now, nbf))
    .setNotBefore(nbf)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(server.services.config.JWT_SECRET));
}

/** A sign-in of a player as /login starts one (an hour long); answers its id (claim `sid`). */
export async function newSignIn(server: TestServer, playerId: number): Promise<string> {
  const sid = randomUUID();
  await authRepository.startSignIn(server.services.database.db, sid, playerId, 3600);
  return sid;
}

/** A test server listening on a free loopback port; url is its /machine namespace. */
export async function startListeningServer(
  kind: DbKind = 'pglite',
  env: Record<string, string> = {},
): Promise<{ server: TestServer; url: string }> {
  const server = await startTestServer(kind, env);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/machine` };
}
