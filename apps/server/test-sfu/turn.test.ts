// TURN for players behind strict NATs (issue #18), against a real coturn with use-auth-secret
// (scripts/test-sfu.sh starts it): the join's answer carries TURN credentials of the player's
// own, short-lived, that coturn accepts: a player whose browser may use relayed candidates only
// still gets the video, through the relay. The public settings carry no TURN credential.
import type { AddressInfo } from 'node:net';
import { wrtc } from '@reelcast/cabinet-video/wrtc';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, socketTo } from '../test/agent-support';
import { startTestServer, type TestServer, tokenFor } from '../test/support';
import { frameSize } from '../test/video-peer';

const turn = {
  TURN_URLS: process.env.TURN_TEST_URL ?? 'turn:127.0.0.1:3479',
  TURN_SECRET: process.env.TURN_TEST_SECRET ?? '',
  TURN_TTL_SECONDS: '600',
};
let server: TestServer;
let base: string;
const sockets: Socket[] = [];
const peers: RTCPeerConnection[] = [];

beforeAll(async () => {
  server = await startTestServer('pglite', turn);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const pc of peers) pc.close();
  for (const s of sockets) s.disconnect();
  await server?.close();
});

/** A receiver that may only use relayed candidates: the video must come through TURN. */
function relayOnly(
  socket: Socket,
  iceServers: () => RTCIceServer[],
): { pc: () => RTCPeerConnection | null } {
  let pc: RTCPeerConnection | null = null;
  let chain = Promise.resolve();
  socket.on('signal', (m: { type: string; sdp?: string; candidate?: RTCIceCandidateInit }) => {
    chain = chain
      .then(async () => {
        if (m.type === 'offer') {
          pc?.close();
          const peer = new wrtc.RTCPeerConnection({
            iceServers: iceServers(),
            iceTransportPolicy: 'relay',
          });
          peers.push(peer);
          pc = peer;
          peer.onicecandidate = (e) =>
            socket.emit('signal', {
              type: 'candidate',
              candidate: e.candidate
                ? {
                    candidate: e.candidate.candidate,
                    sdpMid: e.candidate.sdpMid,
                    sdpMLineIndex: e.candidate.sdpMLineIndex,
                  }
                : null,
            });
          await peer.setRemoteDescription({ type: 'offer', sdp: m.sdp! });
          const answer = await peer.createAnswer();
          await peer.setLocalDescription(answer);
          socket.emit('signal', { type: 'answer', sdp: answer.sdp });
        } else if (m.candidate) await pc?.addIceCandidate(m.candidate);
      })
      .catch(() => {});
  });
  return { pc: () => pc };
}

/** The relayed candidate pair in use, if the connection goes through TURN. */
async function relayed(pc: RTCPeerConnection | null): Promise<boolean> {
  if (!pc) return false;
  let viaRelay = false;
  const report = await pc.getStats();
  const byId = new Map<string, { candidateType?: string }>();
  report.forEach((s: { id: string; candidateType?: string }) => {
    byId.set(s.id, s);
  });
  report.forEach(
    (s: { type?: string; state?: string; nominated?: boolean; localCandidateId?: string }) => {
      if (s.type === 'candidate-pair' && s.state === 'succeeded' && s.localCandidateId) {
        if (byId.get(s.localCandidateId)?.candidateType === 'relay') viaRelay = true;
      }
    },
  );
  return viaRelay;
}

describe('TURN with credentials of the player’s own', () => {
  it('the join answers short-lived credentials coturn accepts; relayed-only video plays', async () => {
    const token = await tokenFor(server, 'demo');
    const s = socketTo(`${base}/machine`);
    sockets.push(s);
    // The receiver needs the credentials before the offer: take them from the join's answer.
    let servers: RTCIceServer[] = [];
    const receiver = relayOnly(s, () => servers);
    const joined = await request(s, 'init', { machineID: 3, token });
    expect(joined.code).toBe(20000);
    servers = joined.iceServers;
    const [server0] = joined.iceServers;
    expect(server0.urls).toEqual([turn.TURN_URLS]);
    const [expiry, playerId] = String(server0.username).split(':');
    expect(Number(playerId)).toBe(1);
    expect(Number(expiry) * 1000 - Date.now()).toBeGreaterThan(500_000);
    expect(Number(expiry) * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
    await expect
      .poll(async () => (receiver.pc() ? frameSize(receiver.pc()!) : null), { timeout: 20_000 })
      .toEqual({ width: 640, height: 480 });
    expect(await relayed(receiver.pc())).toBe(true);
    expect((await request(s, 'leave')).code).toBe(20000);

    // A spectator's watch answers TURN credentials of their own too.
    const spectator = socketTo(`${base}/machine`);
    sockets.push(spectator);
    const watched = await request(spectator, 'watch', {
      machineID: 3,
      token: await tokenFor(server, 'demo2'),
    });
    expect(watched).toMatchObject({ code: 20000, machineId: 3, viewers: 1 });
    expect(watched.iceServers[0].username).toMatch(/^\d+:2$/);

    // The public settings carry no TURN credential.
    const settings = (await server.app.inject({ method: 'GET', url: '/Settings.json' })).json();
    expect(JSON.stringify(settings.ICE_SERVERS ?? [])).not.toContain(turn.TURN_URLS);
  });
});
