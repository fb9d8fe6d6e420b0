// §8 70000: a machine whose video cannot be started (its renderer or encoder fails, or nothing
// connects and sends frames in time) tells the player so, and the credits stay where they were:
// on the machine, in the open slot session the reconnect dialog offers.

import { wrtc } from '@reelcast/cabinet-video/wrtc';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { peerConnectionCount } from '../src/modules/gateway/machine-connection';
import { loginToken, startListeningServer, type TestServer, tokenFor } from './support';
import { receiveVideo } from './video-peer';

const startTimeoutMs = 4_000;

/** Resolves once a peer connection other than the player's own has read its statistics. */
function deadlineChecked(playerSide: RTCPeerConnection | null): Promise<void> {
  const proto = wrtc.RTCPeerConnection.prototype;
  const getStats = proto.getStats;
  return new Promise((resolve) => {
    const spy = vi.spyOn(proto, 'getStats').mockImplementation(function (
      this: RTCPeerConnection,
      ...args: Parameters<RTCPeerConnection['getStats']>
    ) {
      const report = getStats.apply(this, args);
      if (this !== playerSide) {
        spy.mockRestore();
        // After the report, the check's own continuation runs first.
        void report.finally(() => setImmediate(resolve));
      }
      return report;
    });
  });
}

type Info = { code: number; message: string };

describe('machine video that cannot be started', () => {
  let server: TestServer;
  let url: string;
  const sockets: Socket[] = [];
  const peers: Array<ReturnType<typeof receiveVideo>> = [];

  beforeAll(async () => {
    ({ server, url } = await startListeningServer('pglite', {
      VIDEO_START_TIMEOUT_MS: String(startTimeoutMs),
    }));
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all(peers.map((video) => video.close()));
    await server.close();
  });

  /** A player's socket that records every info notice; `answerVideo` plays the browser's side. */
  function connect(answerVideo = false): { socket: Socket; infos: Info[] } {
    const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    const infos: Info[] = [];
    socket.on('info', (info: Info) => infos.push(info));
    if (answerVideo) peers.push(receiveVideo(socket));
    return { socket, infos };
  }
  // biome-ignore lint/suspicious/noExplicitAny: acknowledgements are loosely typed JSON
  const request = (s: Socket, event: string, payload: unknown): Promise<any> =>
    s.timeout(5000).emitWithAck(event, payload);
  const openSessions = async (token: string) =>
    (
      await server.app.inject({
        method: 'GET',
        url: '/player/slot-sessions/open',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();

  it('an encoder that fails answers 70000; the credits stay on the machine in the open session', async () => {
    const token = await loginToken(server, 'demo');
    const agent = server.services.floor.agent(5)!;
    const first = connect();
    expect((await request(first.socket, 'init', { machineID: 5, token })).code).toBe(20000);
    expect((await request(first.socket, 'transfer', { amount: 3_000 })).code).toBe(20000);
    const wallet = await server.services.ledger.balance(1);
    first.socket.disconnect();

    // The player comes back (the reconnect dialog's Continue) and the machine's encoder fails.
    const spy = vi.spyOn(agent, 'acquireVideo').mockImplementation(() => {
      throw new Error('encoder failed');
    });
    try {
      const again = connect();
      expect((await request(again.socket, 'init', { machineID: 5, token })).code).toBe(20000);
      await expect.poll(() => again.infos.map((i) => i.code)).toContain(70000);
      expect(again.infos.find((i) => i.code === 70000)?.message).toBe(
        'Failed to start pipeline, contact technical team',
      );
      expect(peerConnectionCount(1)).toBe(0);
      again.socket.disconnect();
    } finally {
      spy.mockRestore();
    }

    // Nothing lost, nothing doubled: the wallet is as it was, the credits wait on the machine.
    expect(await server.services.ledger.balance(1)).toBe(wallet);
    expect(agent.state().credits).toBe(3_000);
    expect(await openSessions(token)).toMatchObject([{ machineId: 5, credits: 3_000 }]);

    // And they can be played or taken once the video works again.
    const back = connect();
    expect((await request(back.socket, 'init', { machineID: 5, token })).code).toBe(20000);
    expect(await request(back.socket, 'cashout', {})).toMatchObject({ code: 20000, amount: 3_000 });
    expect(await server.services.ledger.balance(1)).toBe(wallet + 3_000);
    expect((await request(back.socket, 'leave', {})).code).toBe(20000);
  });

  it('staff can mark a machine’s video broken (70000 on every start) and mended again', async () => {
    const staff = await tokenFor(server, 'staff');
    const token = await loginToken(server, 'demo2');
    const mark = (active: boolean) =>
      server.app.inject({
        method: 'POST',
        url: '/staff/video-fault',
        headers: { authorization: `Bearer ${staff}` },
        payload: { machineId: 4, active },
      });
    const refused = await server.app.inject({
      method: 'POST',
      url: '/staff/video-fault',
      headers: { authorization: `Bearer ${token}` },
      payload: { machineId: 4, active: true },
    });
    expect(refused.statusCode).toBe(403);
    expect((await mark(true)).json()).toMatchObject({ code: 20000, machineId: 4, active: true });

    const broken = connect();
    expect((await request(broken.socket, 'init', { machineID: 4, token })).code).toBe(20000);
    await expect.poll(() => broken.infos.map((i) => i.code)).toContain(70000);
    broken.socket.disconnect();

    expect((await mark(false)).statusCode).toBe(200);
    const mended = connect();
    const offer = new Promise((resolve) =>
      mended.socket.on('signal', (m) => m.type === 'offer' && resolve(m)),
    );
    expect((await request(mended.socket, 'init', { machineID: 4, token })).code).toBe(20000);
    await offer;
    expect(mended.infos.map((i) => i.code)).not.toContain(70000);
    expect((await request(mended.socket, 'leave', {})).code).toBe(20000);
  });

  it('video nobody connects to within the deadline answers 70000 and is closed', async () => {
    const token = await loginToken(server, 'demo2');
    // This player's browser never answers the offer: no peer connection, no frames.
    const silent = connect(false);
    expect((await request(silent.socket, 'init', { machineID: 6, token })).code).toBe(20000);
    expect(peerConnectionCount(2)).toBe(1);
    await expect
      .poll(() => silent.infos.map((i) => i.code), { timeout: startTimeoutMs + 10_000 })
      .toContain(70000);
    expect(peerConnectionCount(2)).toBe(0);
    // The slot session itself is untouched: still open, for the reconnect dialog.
    expect(server.services.sessions.openSessionsOf(2)).toHaveLength(1);
    expect((await request(silent.socket, 'leave', {})).code).toBe(20000);
  });

  it('video that connects and sends frames in time is not failed at the deadline', async () => {
    const token = await loginToken(server, 'demo2');
    const player = connect(true);
    expect((await request(player.socket, 'init', { machineID: 7, token })).code).toBe(20000);
    const video = peers.at(-1)!;
    await expect
      .poll(() => video.pc?.connectionState, { timeout: startTimeoutMs })
      .toBe('connected');
    // At the deadline the server reads its peer connection's statistics and fails the video
    // unless frames went out: wait for that reading and what follows it, then nothing may have.
    await deadlineChecked(video.pc);
    // An answer on the same socket arrives after any info the check sent.
    expect((await request(player.socket, 'touch', 'garbage')).code).toBe(40000);
    expect(player.infos.map((i) => i.code)).not.toContain(70000);
    expect(peerConnectionCount(2)).toBe(1);
    expect((await request(player.socket, 'leave', {})).code).toBe(20000);
  });
});
