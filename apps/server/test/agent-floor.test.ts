// A machine hosted by a machine agent in its own process, played through the server's seats: the
// transfer, the game and the cash-out go over the agent protocol and land in the ledger once; the
// agent killed with SIGKILL takes the machine off line with the credits held, and brings them back
// when it restarts; a transfer whose answer never came (the agent frozen) is asked about and
// undone on the cabinet, so the wallet and the machine never disagree.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAgentSecret, newAgentSecret } from '../src/modules/agents/credentials';
import type { RemoteCabinet } from '../src/modules/agents/remote-cabinet';
import { agentRepository } from '../src/modules/agents/repository';
import { nvramDir, reconciled, request, socketTo, startAgentProcess } from './agent-support';
import { startTestServer, type TestServer, tokenFor } from './support';

const MACHINE = 3;
const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-agent-floor-'));
const nvram = nvramDir();
const secret = newAgentSecret();
let server: TestServer;
let base: string;
const children: ChildProcess[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  // The machine is the agent's from the start: the floor is built with it as a remote cabinet.
  const first = await startTestServer('pglite', {}, undefined, { dataDir });
  const hash = await hashAgentSecret(secret);
  await agentRepository.add(first.services.database.db, 'box-floor', hash, [MACHINE]);
  await first.close();
  server = await startTestServer('pglite', {}, undefined, { dataDir });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const c of children) c.kill('SIGKILL');
  await server.close();
});

function startAgent(): ChildProcess {
  const child = startAgentProcess({
    url: base,
    agentId: 'box-floor',
    secret,
    cabinets: `${MACHINE}:classic`,
    nvram,
  });
  children.push(child);
  return child;
}

const cabinet = () => server.services.floor.agent(MACHINE)!;
const status = () => cabinet().state().status;

function player(): Socket {
  const s = socketTo(`${base}/machine`);
  sockets.push(s);
  return s;
}

const balanced = () => reconciled(server, MACHINE);

describe('a machine agent’s cabinet on the floor', () => {
  it('is played through the seats; SIGKILL holds the credits until the agent is back', async () => {
    expect(status()).toBe('offline');
    let agent = startAgent();
    await expect.poll(status, { timeout: 20_000 }).toBe('idle');

    const token = await tokenFor(server, 'demo');
    const before = await server.services.ledger.balance(1);
    const s = player();
    expect((await request(s, 'init', { machineID: MACHINE, token })).code).toBe(20000);
    const moved = await request(s, 'transfer', { amount: 500, requestId: 'agent-floor-1' });
    expect(moved).toMatchObject({ code: 20000, balance: before - 500 });
    expect(cabinet().state().credits).toBe(500);
    expect((await request(s, 'press', { button: 'spin' })).pressed).toBe(true);
    await expect.poll(() => cabinet().state().spinning, { timeout: 10_000 }).toBe(false);
    await expect.poll(balanced, { timeout: 10_000 }).toMatchObject({ ledger: 500 });

    // The agent dies: the machine is off line, money refused without touching the wallet.
    agent.kill('SIGKILL');
    await expect.poll(status, { timeout: 10_000 }).toBe('offline');
    const held = await server.services.ledger.balance(1);
    expect((await request(s, 'transfer', { amount: 100 })).code).toBe(40901);
    expect(await server.services.ledger.balance(1)).toBe(held);

    agent = startAgent();
    await expect.poll(status, { timeout: 20_000 }).toBe('idle');
    const credits = cabinet().state().credits;
    expect((await balanced()).meters).toBe((await balanced()).ledger);
    const out = await request(s, 'cashout');
    expect(out).toMatchObject({ code: 20000, amount: credits });
    expect(await server.services.ledger.balance(1)).toBe(held + credits);
    // Cash In − Cash Out is what the game kept, and the cabinet's meters say the same.
    const after = await balanced();
    expect(after.meters).toBe(after.ledger);
    expect(cabinet().state().credits).toBe(0);
  });

  it('a transfer whose answer never came is asked about and undone on the cabinet', async () => {
    const [agent] = children.slice(-1);
    await expect.poll(status, { timeout: 20_000 }).toBe('idle');
    const token = await tokenFor(server, 'demo');
    const s = player();
    expect((await request(s, 'init', { machineID: MACHINE, token })).code).toBe(20000);
    const before = await server.services.ledger.balance(1);
    const kept = await balanced();

    // Frozen (not dead): the socket stays up, the command's answer does not come in time.
    agent!.kill('SIGSTOP');
    const refused = request(s, 'transfer', { amount: 300, requestId: 'agent-floor-doubt' });
    expect((await refused).code).toBe(40901);
    expect(status()).toBe('fault');
    agent!.kill('SIGCONT');
    // The cabinet made the transfer late; the server asks, and has it undone.
    await expect.poll(status, { timeout: 20_000 }).toBe('idle');
    expect(cabinet().state().credits).toBe(0);
    expect(await server.services.ledger.balance(1)).toBe(before);
    expect(await balanced()).toEqual(kept);
  });

  it('a cabinet whose meters disagree with the ledger is held for an attendant, not corrected', async () => {
    const [agent] = children.slice(-1);
    const gone = new Promise((resolve) => agent!.once('exit', resolve));
    agent!.kill('SIGKILL');
    await gone;
    // Someone put 1.00 on the cabinet behind the ledger's back (a tampered NVRAM, a bad board).
    const file = path.join(nvram, `${MACHINE}.json`);
    const memory = JSON.parse(readFileSync(file, 'utf8'));
    memory.credits += 100;
    memory.meters.currentCredits += 100;
    writeFileSync(file, JSON.stringify(memory));
    startAgent();
    await expect.poll(status, { timeout: 20_000 }).toBe('fault');
    expect((cabinet() as RemoteCabinet).heldFor).toMatch(/meters .* against ledger/);
    const token = await tokenFor(server, 'demo');
    const s = player();
    await request(s, 'init', { machineID: MACHINE, token });
    expect((await request(s, 'transfer', { amount: 100 })).code).toBe(40901);
    // The attendant has looked: staff clear it, and the machine plays again.
    server.services.sessions.setFault(MACHINE, 'tilt', false, 'attendant');
    await expect.poll(status, { timeout: 10_000 }).toBe('idle');
  });
});
