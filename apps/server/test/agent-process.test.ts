// A machine agent in its own process (apps/agent) dialling out to a real server: it is listed on
// /healthz with its pid and cabinets; a command reaches its cabinet and is applied once per
// request id; killed with SIGKILL and started again, it comes back on its own with the cabinet's
// credits and the outcome of that request from its NVRAM (a retry is answered, not re-applied).
import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from '../src/db/schema';
import { nvramDir, startAgentProcess } from './agent-support';
import { callAs, startListeningServer, type TestServer, tokenFor } from './support';

let server: TestServer;
let base: string;
let secret: string;
const nvram = nvramDir();
const children: ChildProcess[] = [];

beforeAll(async () => {
  const started = await startListeningServer();
  server = started.server;
  base = started.url.replace(/\/machine$/, '');
  await server.services.database.db
    .update(players)
    .set({ role: 'admin' })
    .where(eq(players.username, 'staff'));
  const admin = await tokenFor(server, 'staff');
  const added = await callAs(server, admin, 'POST', '/staff/agents', {
    id: 'box-1',
    machines: [3],
  });
  secret = added.body.secret;
});

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await server.close();
});

function startAgent(): ChildProcess {
  const child = startAgentProcess({
    url: base,
    agentId: 'box-1',
    secret,
    cabinets: '3:classic',
    nvram,
  });
  children.push(child);
  return child;
}

const listed = async () =>
  (await server.app.inject({ method: 'GET', url: '/healthz' })).json().agents as {
    id: string;
    pid: number;
    cabinets: number[];
  }[];

/** The server's end of the agent's connection, once its hello is taken. */
function agentSocket(): Socket {
  const [socket] = server.services.io.of('/agent').sockets.values();
  if (!socket) throw new Error('no agent connected');
  return socket;
}

const command = (requestId: string, operation: object) =>
  agentSocket()
    .timeout(5000)
    .emitWithAck('command', { requestId, machineId: 3, operation }) as Promise<{
    ok: boolean;
    replayed?: boolean;
    amount?: number;
    state?: { credits: number };
  }>;

describe('a machine agent in its own process', () => {
  it('survives SIGKILL: credits and the outcome of each request come back from its NVRAM', async () => {
    const first = startAgent();
    await expect
      .poll(listed, { timeout: 20_000 })
      .toEqual([expect.objectContaining({ id: 'box-1', pid: first.pid, cabinets: [3] })]);

    const transfer = await command('cashin-test-0001', { op: 'transferIn', amount: 500 });
    expect(transfer).toMatchObject({
      ok: true,
      amount: 500,
      replayed: false,
      state: { credits: 500 },
    });

    const gone = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await gone;
    await expect.poll(listed, { timeout: 10_000 }).toEqual([]);

    const second = startAgent();
    await expect
      .poll(listed, { timeout: 20_000 })
      .toEqual([expect.objectContaining({ id: 'box-1', pid: second.pid })]);
    // The server did not hear the first answer, say, and retries: the same outcome, once.
    const retried = await command('cashin-test-0001', { op: 'transferIn', amount: 500 });
    expect(retried).toMatchObject({
      ok: true,
      amount: 500,
      replayed: true,
      state: { credits: 500 },
    });
    const out = await command('cashout-test-0001', { op: 'cashOut' });
    expect(out).toMatchObject({ ok: true, amount: 500, state: { credits: 0 } });
  });
});
