// Spectators (issue #18): `watch` on /machine gives a signed-in player a machine's live video and
// its number of viewers, nothing else; whatever a spectator socket sends to the machine is
// refused and moves no money; the cap per machine holds; the seated player cannot be a spectator
// of their own seat.
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { type MachineClients, machineClients } from './machine-clients';
import { loginToken } from './support';
import { receiveVideo, type Video } from './video-peer';

const MACHINE = 2;

/** Resolves with the first `event` payload that passes `ok`. */
function next<T>(s: Socket, event: string, ok: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => {
    const on = (payload: T) => {
      if (!ok(payload)) return;
      s.off(event, on);
      resolve(payload);
    };
    s.on(event, on);
  });
}

/** Polls until the peer connection receives frames (the video is live). */
async function framesArrive(video: Video): Promise<{ width: number; height: number }> {
  for (let i = 0; i < 200; i++) {
    const size = await video.frameSize();
    if (size) return size;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no frames');
}

describe('spectating a machine', () => {
  const clients: MachineClients = machineClients('pglite', { SPECTATORS_PER_MACHINE: '2' });
  const videos: Video[] = [];
  afterAll(async () => {
    await Promise.all(videos.map((v) => v.close()));
  });
  const { request } = clients;
  const balanceOf = async (token: string) =>
    (
      await clients.server.app.inject({
        method: 'GET',
        url: '/player/balance',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().balance as number;

  let player: Socket;
  let playerToken: string;
  let spectator: Socket;
  let spectatorToken: string;

  it('a player sits at the machine and puts credits on it', async () => {
    playerToken = await loginToken(clients.server, 'demo');
    player = clients.connect();
    expect((await request(player, 'init', { machineID: MACHINE, token: playerToken })).code).toBe(
      20000,
    );
    expect((await request(player, 'transfer', { amount: 2_000 })).code).toBe(20000);
  });

  it('watch needs a valid token', async () => {
    const s = clients.connect();
    const ack = await request(s, 'watch', { machineID: MACHINE, token: 'not-a-token' });
    expect(ack.code).toBe(40100);
    expect((await request(clients.connect(), 'watch', { machineID: MACHINE })).code).toBe(40000);
  });

  it('a spectator receives the live video and the number of viewers, and no meters', async () => {
    spectatorToken = await loginToken(clients.server, 'demo2');
    spectator = clients.connect();
    const video = receiveVideo(spectator);
    videos.push(video);
    const meters: unknown[] = [];
    spectator.on('machine', (m) => meters.push(m));
    spectator.on('session', (m) => meters.push(m));
    const ack = await request(spectator, 'watch', { machineID: MACHINE, token: spectatorToken });
    expect(ack).toEqual({ code: 20000, machineId: MACHINE, viewers: 1, status: 'playing' });
    expect(await framesArrive(video)).toMatchObject({ width: expect.any(Number) });
    // The player spins: the spectator's socket hears nothing of it.
    expect((await request(player, 'press', { button: 'spin' })).code).toBe(20000);
    await new Promise((r) => setTimeout(r, 300));
    expect(meters).toEqual([]);
  });

  it('every input, money and layout event of a spectator is refused; money stays', async () => {
    const wallet = await balanceOf(spectatorToken);
    const playerWallet = await balanceOf(playerToken);
    const attempts: Array<[string, unknown]> = [
      ['touch', { x: 0.5, y: 0.5 }],
      ['press', { button: 'spin' }],
      ['transfer', { amount: 100 }],
      ['cashout', {}],
      ['leave', {}],
      ['layout', { layout: 'portrait' }],
      ['quality', { band: 'sd' }],
      ['init', { machineID: MACHINE, token: spectatorToken }],
    ];
    for (const [event, payload] of attempts) {
      expect((await request(spectator, event, payload)).code, event).toBe(40302);
    }
    expect(await balanceOf(spectatorToken)).toBe(wallet);
    expect(await balanceOf(playerToken)).toBe(playerWallet);
    const machine = clients.server.services.floor.agent(MACHINE)!.state();
    expect(machine.credits).toBeGreaterThan(0);
    // The player's seat is untouched: they still play.
    expect((await request(player, 'press', { button: 'bet+' })).code).toBe(20000);
  });

  it('viewers are counted live, up to SPECTATORS_PER_MACHINE (40926)', async () => {
    const second = clients.connect();
    const count = next<{ viewers: number }>(spectator, 'spectate', (n) => n.viewers === 2);
    const token = await loginToken(clients.server, 'selin');
    expect((await request(second, 'watch', { machineID: MACHINE, token })).viewers).toBe(2);
    expect((await count).viewers).toBe(2);
    const third = clients.connect();
    const refused = await request(third, 'watch', {
      machineID: MACHINE,
      token: await loginToken(clients.server, 'demo0'),
    });
    expect(refused).toMatchObject({ code: 40926, Params: { max: 2 } });
    const down = next<{ viewers: number }>(spectator, 'spectate', (n) => n.viewers === 1);
    second.disconnect();
    expect((await down).viewers).toBe(1);
  });

  it('the seated player cannot spectate their own machine from a second socket', async () => {
    const second = clients.connect();
    const ack = await request(second, 'watch', { machineID: MACHINE, token: playerToken });
    expect(ack.code).toBe(40928);
    // A seated socket cannot turn spectator either.
    expect((await request(player, 'watch', { machineID: MACHINE, token: playerToken })).code).toBe(
      40000,
    );
  });

  it('when the session ends the spectator keeps watching and hears the machine is free', async () => {
    const free = next<{ status: string }>(spectator, 'spectate', (n) => n.status === 'available');
    expect((await request(player, 'leave', {})).code).toBe(20000);
    expect((await free).status).toBe('available');
    expect((await request(spectator, 'ping', {})).code).toBe(20000);
    expect(clients.server.services.machineViewers.byMachine().get(MACHINE)).toBe(1);
  });

  it('a spectator who sits down at the machine they watch stops spectating it', async () => {
    const game = clients.connect();
    const told = next<{ code: number }>(spectator, 'info');
    expect((await request(game, 'init', { machineID: MACHINE, token: spectatorToken })).code).toBe(
      20000,
    );
    expect((await told).code).toBe(40928);
    expect((await request(spectator, 'touch', { x: 0.5, y: 0.5 })).code).toBe(40000);
    expect((await request(game, 'leave', {})).code).toBe(20000);
  });
});
