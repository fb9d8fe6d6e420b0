// Builds a real server for tests: PGlite in memory, or a fresh database on the local PostgreSQL.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { type AppOptions, createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { players } from '../src/db/schema';
import { authRepository } from '../src/modules/auth/repository';
import type { Services } from '../src/services';
import { createPostgresDatabase, postgresAdminUrl } from './postgres-database';

export type DbKind = 'pglite' | 'postgres';

export { createPostgresDatabase, postgresAdminUrl };

export interface TestServer {
  /** the app's services: its decorators (server.services.sessions …) */
  services: Services;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** What a test varies besides the environment: the seats' clock, a route listener. */
export type TestServerOptions = Pick<AppOptions, 'clock' | 'onRoute'>;

/**
 * A server on a fresh database of the kind, dropped at close; or, with `on`, on existing data (a
 * PGlite directory or a PostgreSQL database) that outlives it, to restart a server on its data.
 * Built by createApp, as main.ts builds it; only the configuration differs.
 */
export async function startTestServer(
  kind: DbKind,
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
  on?: { dataDir: string } | { databaseUrl: string },
  opts: TestServerOptions = {},
): Promise<TestServer> {
  const pg = !on && kind === 'postgres' ? await createPostgresDatabase() : null;
  const databaseUrl = pg?.url ?? (on && 'databaseUrl' in on ? on.databaseUrl : undefined);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'reelcast-test-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
    LOG_LEVEL: 'silent',
    PLAYER_DIST: '/nonexistent',
    CONSOLE_DIST: '/nonexistent',
    // The tests sign in as the demo players, on PostgreSQL too: asked for, as an operator would.
    SEED_DEMO: 'true',
    // No random faults: a test raises the faults it is about.
    FAULT_RATE_PER_HOUR: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await createApp(config, {
    // PGlite in memory unless the test names a directory.
    storage: on ?? { databaseUrl: config.DATABASE_URL },
    ...(logStream ? { logStream } : {}),
    ...opts,
  });
  return {
    services: app,
    app,
    async close() {
      await app.close();
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
  opts: TestServerOptions = {},
): Promise<{ server: TestServer; url: string }> {
  const server = await startTestServer(kind, env, undefined, undefined, opts);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/machine` };
}
