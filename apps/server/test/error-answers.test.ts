// Every error answer is the app's {ErrorMessage, code, Params} with a catalogue code, Fastify's
// and Node's own refusals included; a stranger is refused (401) before their body is looked at;
// another player's slot session answers exactly like one that does not exist.

import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotSessions } from '../src/db/schema';
import { type DbKind, playerRow, startTestServer, type TestServer, tokenFor } from './support';

function appBody(code: number) {
  return {
    ErrorMessage: errorMessages[code],
    code,
    Params: expect.any(Object),
  };
}

/** One raw HTTP exchange, for what Node's parser refuses before Fastify sees a request. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (d) => {
      answer += d;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
}

function parseRaw(answer: string): { status: number; contentType: string; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const contentType = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
  return { status, contentType, body: body ? JSON.parse(body) : undefined };
}

describe("Fastify's and Node's own errors in the app's shape", () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer('pglite', { LOGIN_RATE_PER_MINUTE: '1000' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server?.close());

  it.each([
    ['a bad URL encoding', 'GET', '/%', undefined, undefined, 400, ErrorCode.invalidRequest],
    ['a bad encoding in a param', 'GET', '/machine/%zz', undefined, undefined, 400, 40000],
    [
      'an over-long path param',
      'GET',
      `/machine/${'9'.repeat(500)}`,
      undefined,
      undefined,
      400,
      40000,
    ],
    ['an unknown route', 'GET', '/no-such-route', undefined, undefined, 404, ErrorCode.notFound],
    [
      'a wrong method (Fastify answers 404, not 405)',
      'DELETE',
      '/login',
      undefined,
      undefined,
      404,
      40400,
    ],
    ['malformed JSON', 'POST', '/login', 'application/json', '{"username":', 400, 40000],
    ['an empty JSON body', 'POST', '/login', 'application/json', '', 400, 40000],
    ['an unsupported media type', 'POST', '/login', 'application/xml', '<a/>', 415, 40000],
    [
      'a body over the limit',
      'POST',
      '/login',
      'application/json',
      JSON.stringify({ username: 'x'.repeat(70_000), password: 'y' }),
      413,
      40000,
    ],
  ] as const)('%s', async (_name, method, url, contentType, payload, status, code) => {
    const res = await server.app.inject({
      method,
      url,
      ...(contentType ? { headers: { 'content-type': contentType } } : {}),
      ...(payload !== undefined ? { payload } : {}),
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(appBody(code));
  });

  it('answers 431 for headers too large, in the app shape', async () => {
    const answer = parseRaw(
      await rawExchange(
        port,
        `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(answer.status).toBe(431);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toEqual(appBody(ErrorCode.invalidRequest));
  });

  it('answers a request Node cannot parse with 400 in the app shape', async () => {
    for (const request of ['FOO / HTTP/1.1\r\nHost: x\r\n\r\n', 'hello\r\n\r\n']) {
      const answer = parseRaw(await rawExchange(port, request));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(appBody(ErrorCode.invalidRequest));
    }
  });
});

describe('authentication comes before validation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server?.close());

  it.each([
    ['POST', '/player/kick', { machineId: 'x' }],
    ['POST', '/player/reserve', 'not json at all'],
    ['POST', '/player/password', { oldPassword: 1 }],
    ['POST', '/player/pin', {}],
    ['PUT', '/player/settings', { layout: 7 }],
    ['POST', '/player/logout', undefined],
    ['GET', '/machine/abc', undefined],
    ['GET', '/player/slot-sessions/abc/spins?page=x', undefined],
    ['GET', '/player/transactions?type=99', undefined],
    ['GET', '/player/logs?page=0', undefined],
  ] as const)('%s %s with a bad request and no token answers 401', async (method, url, payload) => {
    const res = await server.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload } : {}),
    });
    expect([res.statusCode, res.json()]).toEqual([401, appBody(ErrorCode.unauthorized)]);
  });

  it('answers 401 to malformed JSON and an oversized body without a token', async () => {
    for (const payload of ['{"machineId":', JSON.stringify({ machineId: 'x'.repeat(70_000) })]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/player/cancel',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect([res.statusCode, res.json()]).toEqual([401, appBody(ErrorCode.unauthorized)]);
    }
  });
});

describe.each<DbKind>(['pglite', 'postgres'])('slot session ids cannot be probed on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("answers another player's session exactly like a missing one", async () => {
    const other = await playerRow(server, 'demo2');
    const [theirs] = await server.services.database.db
      .insert(slotSessions)
      .values({ playerId: other.id, machineId: 1, status: 'closed', closedAt: new Date() })
      .returning();
    const auth = { authorization: `Bearer ${await tokenFor(server, 'demo')}` };
    const get = (id: number) =>
      server.app.inject({ method: 'GET', url: `/player/slot-sessions/${id}/spins`, headers: auth });
    const someoneElses = await get(theirs!.id);
    const missing = await get(theirs!.id + 1000);
    expect([someoneElses.statusCode, someoneElses.json()]).toEqual([404, appBody(40400)]);
    expect(someoneElses.body).toBe(missing.body);
    expect(missing.statusCode).toBe(404);

    // The owner still reads it.
    const mine = await server.app.inject({
      method: 'GET',
      url: `/player/slot-sessions/${theirs!.id}/spins`,
      headers: { authorization: `Bearer ${await tokenFor(server, 'demo2')}` },
    });
    expect(mine.statusCode).toBe(200);
  });
});
