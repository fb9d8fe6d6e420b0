// Machine leases on real PostgreSQL (issue #19): two instances never both own a machine; a lease
// renewed stays, one whose agent left lapses and goes to the other instance, which the first
// hears as lost; a stopped instance lets its machines go at once; a burst of claims from both
// instances at once leaves every machine with exactly one owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MachineOwnership } from '../src/modules/cluster/ownership';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
const made: MachineOwnership[] = [];
const quiet = { warn: () => {}, error: () => {} };

function instance(id: string, ttlMs = 1500): MachineOwnership {
  const o = new MachineOwnership(
    server.services.database.db,
    { instanceId: id, url: `http://127.0.0.1/${id}`, ttlMs, renewMs: 200, agentAwayMs: 300 },
    quiet,
  );
  made.push(o);
  return o;
}

beforeAll(async () => {
  server = await startTestServer('postgres');
}, 60_000);

afterAll(async () => {
  for (const o of made) await o.stop().catch(() => {});
  await server.close();
});

describe('machine leases', () => {
  it('one owner at a time; renewed leases stay, a gone agent’s lapse to the other', async () => {
    const a = instance('lease-a');
    const b = instance('lease-b');
    await a.start();
    await b.start();
    expect(await a.claim([1, 2], 0)).toEqual([1, 2]);
    expect(await b.claim([1, 2], 0)).toEqual([]);
    expect(await b.ownerOf(1)).toEqual({ local: false, url: 'http://127.0.0.1/lease-a' });
    expect(await a.ownerOf(1)).toEqual({ local: true });

    // Renewed past the lease's life: still a's.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await b.claim([1], 0)).toEqual([]);
    expect(a.owns(1)).toBe(true);

    // Machine 2's agent leaves a: after the away time a lets it go and b may take it.
    const lost: number[] = [];
    a.on('lost', (id) => lost.push(id));
    a.agentGone([2]);
    expect(await b.claim([2], 3000)).toEqual([2]);
    await expect.poll(() => lost, { timeout: 3000 }).toEqual([2]);
    expect(a.owns(2)).toBe(false);
    expect(a.owns(1)).toBe(true);
  });

  it('a stopped instance lets its machines go at once', async () => {
    const a = instance('stop-a', 60_000);
    const b = instance('stop-b', 60_000);
    await a.start();
    await b.start();
    expect(await a.claim([3], 0)).toEqual([3]);
    await a.stop();
    expect(await b.claim([3], 0)).toEqual([3]);
  });

  it('claims racing from two instances leave each machine exactly one owner', async () => {
    const a = instance('race-a', 60_000);
    const b = instance('race-b', 60_000);
    await a.start();
    await b.start();
    const ids = [4, 5, 6, 7, 8, 9];
    const [ta, tb] = await Promise.all([a.claim(ids, 0), b.claim(ids, 0)]);
    expect([...ta, ...tb].sort()).toEqual(ids);
    expect(ta.filter((id) => tb.includes(id))).toEqual([]);
  });
});
