// Stream quality bands (§3 bandSelects) are real: choosing one changes the resolution and the
// bitrate the machine sends to that viewer, measured on a receiving peer connection.
import { describe, expect, it } from 'vitest';
import { peerConnectionCount } from '../src/modules/gateway/machine-connection';
import { watchingPlayer } from './video-peer';

describe('video quality bands', () => {
  const player = watchingPlayer();

  it('a lower band scales the picture down; leaving closes the peer connection and the session', async () => {
    // A band change is a new offer: the video takes a fresh receiving peer connection each time.
    const { token, socket, video } = await player.connect('demo2');
    const { server } = player;
    const init = await socket.timeout(5000).emitWithAck('init', { machineID: 8, token });
    expect(init.code).toBe(20000);
    // Reels moving, so frames keep coming at full rate.
    await socket.timeout(5000).emitWithAck('transfer', { amount: 5_000 });
    await socket.timeout(5000).emitWithAck('press', { button: 'auto' });
    await expect
      .poll(() => video.frameSize(), { timeout: 15_000 })
      .toEqual({ width: 640, height: 480 });
    expect(peerConnectionCount()).toBe(1);

    const unknown = await socket.timeout(5000).emitWithAck('quality', { band: 'nope' });
    expect(unknown.code).toBe(40000);
    const low = await socket.timeout(5000).emitWithAck('quality', { band: 'low' });
    expect(low).toMatchObject({ code: 20000, band: 'low', applied: true });
    await expect
      .poll(() => video.frameSize(), { timeout: 15_000 })
      .toEqual({ width: 320, height: 240 });

    const left = await socket.timeout(10_000).emitWithAck('leave', {});
    expect(left.code).toBe(20000);
    // Closed once its pending step settles (GuardedPeer), so within moments, not at the ack.
    await expect.poll(() => peerConnectionCount(), { timeout: 5000 }).toBe(0);
    expect(server.services.sessions.openSessionsOf(2)).toEqual([]);
    // Money on a session that has ended: 50100, and nothing moves.
    const balance = await server.services.ledger.balance(2);
    expect((await socket.timeout(5000).emitWithAck('transfer', { amount: 100 })).code).toBe(50100);
    expect((await socket.timeout(5000).emitWithAck('cashout', {})).code).toBe(50100);
    expect(await server.services.ledger.balance(2)).toBe(balance);
  });
});
