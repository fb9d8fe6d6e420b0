// The API document against the routes: /docs serves a valid OpenAPI 3.1 document to staff only,
// every route the app registers is in it with its method, every route declares its input and its
// answers, and the security it states is what the routes do when called without a token.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, tokenFor } from './support';

/** A built player app, so the static files' routes are there as in production. */
function playerDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'reelcast-player-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>player</title>');
  writeFileSync(path.join(dir, 'assets/app.js'), '');
  return dir;
}
const STATIC_FILES = ['/', '/index.html', '/assets/app.js'];

/**
 * Routes that are not in the document, and why. socket.io's /machine and /notice are no Fastify
 * routes (socket.io answers them on the HTTP server itself): docs/socket-protocol.md has them.
 */
const undocumented: Record<string, string> = Object.fromEntries(
  STATIC_FILES.map((url) => [
    `GET ${url}`,
    "the player app's files (@fastify/static, hidden): no API, whatever the build holds",
  ]),
);

/** Routes that change something and take no body, and why. */
const takesNoBody: Record<string, string> = {
  'POST /player/logout': 'the token says who signs out',
  'POST /player/reserve/release': 'a player holds one reservation at most: the token says whose',
  'POST /player/wait-list/leave': 'a player is in one wait list at most: the token says whose',
  'POST /staff/two-factor/enrol': 'the token says whose account enrols',
  'POST /staff/handpay-approvals/:id/approve':
    'the request names the hand pay, the token who approves',
};

/** Routes that check a token of their own, not a sign-in's, and why they look public. */
const ownToken: Record<string, string> = {
  'GET /metrics': 'Prometheus holds METRICS_TOKEN, no sign-in: its description says so',
};

const key = (method: string, url: string) => `${method} ${url}`;
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One route per method, without the HEAD twins Fastify adds to every GET. */
function operationsOf(routes: RouteOptions[]): RouteOptions[] {
  const all = routes.flatMap((r) => [r.method].flat().map((method) => ({ ...r, method })));
  const gets = new Set(all.filter((r) => r.method === 'GET').map((r) => r.url));
  return all.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)));
}

/** What a route fails to declare: its answers, and the input it takes. Empty when all is there. */
function undeclared(route: RouteOptions): string[] {
  const name = key(String(route.method), route.url);
  const schema = route.schema as Record<string, unknown> | undefined;
  if (!schema) return [`${name}: no schema`];
  const missing: string[] = [];
  const answers = Object.keys((schema.response as object | undefined) ?? {});
  if (!answers.some((status) => status.startsWith('2'))) missing.push(`${name}: no 2xx answer`);
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const shape = (schema.params as { shape?: object } | undefined)?.shape ?? {};
  for (const p of params) if (!(p in shape)) missing.push(`${name}: no schema for :${p}`);
  if (BODY_METHODS.has(String(route.method)) && !schema.body && !takesNoBody[name]) {
    missing.push(`${name}: no body schema`);
  }
  // A handler that reads an input must have it checked first.
  for (const part of ['body', 'query', 'params'] as const) {
    const declared = schema[part === 'query' ? 'querystring' : part];
    if (new RegExp(`request\\.${part}\\b`).test(String(route.handler)) && !declared) {
      missing.push(`${name}: reads request.${part} without a schema`);
    }
  }
  return missing;
}

interface Operation {
  security?: unknown[];
  description?: string;
}
type Paths = Record<string, Record<string, Operation>>;

describe('the OpenAPI document', () => {
  let server: TestServer;
  let origin: string;
  let staff: string;
  let player: string;
  const routes: RouteOptions[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: the document is read as the JSON it is
  let doc: any;

  const get = (url: string, token?: string) =>
    fetch(`${origin}${url}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      { PLAYER_DIST: playerDist(), METRICS_TOKEN: 'metrics-token-for-the-openapi-test' },
      undefined,
      undefined,
      { onRoute: (r) => routes.push(r) },
    );
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    staff = await tokenFor(server, 'staff');
    player = await tokenFor(server, 'demo');
    const res = await get('/docs/openapi.json', staff);
    expect(res.status).toBe(200);
    doc = await res.json();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is served to staff only, as JSON and as a page without script', async () => {
    for (const url of ['/docs/openapi.json', '/docs']) {
      expect((await get(url)).status).toBe(401);
      expect((await get(url, player)).status).toBe(403);
    }
    const page = await get('/docs', staff);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<code>POST /staff/deposit</code>');
  });

  it('validates as OpenAPI 3.1, with the bearer scheme', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lists every route the app registered, with its method, and nothing else', () => {
    const ops = operationsOf(routes);
    expect(ops.length).toBeGreaterThan(30);
    const registered = ops
      .filter((r) => !undocumented[key(String(r.method), r.url)])
      .map((r) => key(String(r.method), openApiPath(r.url)));
    const documented = Object.entries(doc.paths as Paths).flatMap(([p, item]) =>
      Object.keys(item).map((m) => key(m.toUpperCase(), p)),
    );
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
    // The exceptions are real routes of this app, not names left behind.
    const urls = new Set(ops.map((r) => key(String(r.method), r.url)));
    for (const name of Object.keys(undocumented)) expect(urls).toContain(name);
  });

  it('has every route declare its input and its answers', () => {
    const ops = operationsOf(routes).filter((r) => !undocumented[key(String(r.method), r.url)]);
    expect(ops.flatMap(undeclared)).toEqual([]);
    for (const name of Object.keys(takesNoBody)) {
      expect(ops.map((r) => key(String(r.method), r.url))).toContain(name);
    }
  });

  it('would catch a route added without a schema, or with its input unchecked', () => {
    const handler = async () => ({});
    const reads = async (request: { body: unknown }) => request.body;
    expect(undeclared({ method: 'POST', url: '/staff/new', handler })).toEqual([
      'POST /staff/new: no schema',
    ]);
    const bare = { method: 'PUT', url: '/player/:id/x', handler: reads as never };
    expect(undeclared({ ...bare, schema: { response: { 200: {} } } })).toEqual([
      'PUT /player/:id/x: no schema for :id',
      'PUT /player/:id/x: no body schema',
      'PUT /player/:id/x: reads request.body without a schema',
    ]);
  });

  it('asks for a token exactly where the route refuses a caller without one', async () => {
    const wrong: string[] = [];
    for (const [p, item] of Object.entries(doc.paths as Paths)) {
      for (const [method, op] of Object.entries(item)) {
        const name = key(method.toUpperCase(), p);
        const url = p.replace(/\{\w+\}/g, '1');
        const status = (await fetch(`${origin}${url}`, { method })).status;
        const secured = (op.security?.length ?? 0) > 0;
        if (secured !== (status === 401) && !ownToken[name]) {
          wrong.push(
            `${name}: ${status} without a token, documented ${secured ? '' : 'not '}secured`,
          );
        }
        if (op.description?.startsWith('Only for the roles')) {
          const asPlayer = await fetch(`${origin}${url}`, {
            method,
            headers: { authorization: `Bearer ${player}` },
          });
          if (asPlayer.status !== 403) wrong.push(`${name}: ${asPlayer.status} for a player`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(Object.values(doc.paths as Paths).some((i) => i.post?.security)).toBe(true);
  });
});
