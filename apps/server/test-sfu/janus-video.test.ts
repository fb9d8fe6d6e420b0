// Machine video through the media server (Janus VideoRoom, issue #18), against a real Janus in a
// loopback-only namespace (scripts/test-sfu.sh starts it): the player's video is a subscription
// the server made for them, at their band, from one publisher per machine and band; a machine
// hosted by an agent process publishes from the agent; a player who leaves loses the
// subscription at once, and an unwatched publisher stops.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAgentSecret, newAgentSecret } from '../src/modules/agents/credentials';
import { agentRepository } from '../src/modules/agents/repository';
import { peerConnectionCount } from '../src/modules/gateway/machine-connection';
import { JanusSession } from '../src/modules/media/janus-client';
import { nvramDir, request, socketTo, startAgentProcess } from '../test/agent-support';
import { startTestServer, type TestServer, tokenFor } from '../test/support';
import { framesDecoded, receiveVideo, type Video } from '../test/video-peer';

const janus = {
  JANUS_URL: process.env.JANUS_TEST_URL ?? 'ws://127.0.0.1:8188',
  JANUS_API_SECRET: process.env.JANUS_TEST_SECRET ?? '',
  ICE_ALLOWED_ADDRESSES: '127.0.0.1,127.0.0.2',
};
const AGENT_MACHINE = 6;
const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-sfu-'));
const secret = newAgentSecret();
let server: TestServer;
let base: string;
let agent: ChildProcess | null = null;
const sockets: Socket[] = [];
const videos: Video[] = [];

beforeAll(async () => {
  const first = await startTestServer('pglite', janus, undefined, { dataDir });
  const hash = await hashAgentSecret(secret);
  await agentRepository.add(first.services.database.db, 'box-sfu', hash, [AGENT_MACHINE]);
  await first.close();
  server = await startTestServer('pglite', janus, undefined, { dataDir });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const v of videos) await v.close();
  for (const s of sockets) s.disconnect();
  agent?.kill('SIGKILL');
  await server?.close();
});

async function watch(username: string, machineID: number): Promise<{ s: Socket; video: Video }> {
  const token = await tokenFor(server, username);
  const s = socketTo(`${base}/machine`);
  sockets.push(s);
  const video = receiveVideo(s);
  videos.push(video);
  expect((await request(s, 'init', { machineID, token })).code).toBe(20000);
  return { s, video };
}

/** The media server's address in the offer a player got: Janus's, not this server's. */
const janusCandidate = (video: Video) =>
  video.pc?.remoteDescription?.sdp.includes(' 127.0.0.2 ') ?? false;

describe('video through the media server', () => {
  it('a seated player subscribes at their band; leaving ends the subscription at once', async () => {
    const media = server.app.media!;
    expect(media).not.toBeNull();
    const { s, video } = await watch('demo', 2);
    await expect
      .poll(() => video.frameSize(), { timeout: 20_000 })
      .toEqual({ width: 640, height: 480 });
    expect(janusCandidate(video)).toBe(true);
    expect(media.publishers).toBe(1);

    expect(await request(s, 'quality', { band: 'low' })).toMatchObject({ applied: true });
    await expect
      .poll(() => video.frameSize(), { timeout: 20_000 })
      .toEqual({ width: 320, height: 240 });

    expect((await request(s, 'leave')).code).toBe(20000);
    await expect.poll(() => peerConnectionCount(), { timeout: 5000 }).toBe(0);
    const settled = await framesDecoded(video);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await framesDecoded(video)) - settled).toBeLessThanOrEqual(2);
    // Nobody watches: the publishers stop after their linger.
    await expect.poll(() => media.publishers, { timeout: 15_000 }).toBe(0);
  }, 90_000);

  it('a player and spectators of one machine share its one publisher: one encode, many viewers', async () => {
    const media = server.app.media!;
    await expect.poll(() => media.publishers, { timeout: 15_000 }).toBe(0);
    const seated = await watch('demo', 3);
    const token = await tokenFor(server, 'demo0');
    const spectators = [];
    for (let i = 0; i < 3; i++) {
      const s = socketTo(`${base}/machine`);
      sockets.push(s);
      const video = receiveVideo(s);
      videos.push(video);
      const watched = await request(s, 'watch', { machineID: 3, token });
      expect(watched.code).toBe(20000);
      spectators.push(video);
    }
    for (const video of [seated.video, ...spectators]) {
      await expect
        .poll(() => video.frameSize(), { timeout: 20_000 })
        .toEqual({ width: 640, height: 480 });
      expect(janusCandidate(video)).toBe(true);
    }
    expect(media.publishers).toBe(1);
    expect((await request(seated.s, 'leave')).code).toBe(20000);
  }, 90_000);

  it('a machine hosted by an agent process publishes from the agent', async () => {
    agent = startAgentProcess({
      url: base,
      agentId: 'box-sfu',
      secret,
      cabinets: `${AGENT_MACHINE}:classic`,
      nvram: nvramDir(),
    });
    const status = () => server.services.floor.agent(AGENT_MACHINE)!.state().status;
    await expect.poll(status, { timeout: 30_000 }).toBe('idle');
    const { s, video } = await watch('demo2', AGENT_MACHINE);
    await expect
      .poll(() => video.frameSize(), { timeout: 20_000 })
      .toEqual({ width: 640, height: 480 });
    expect(janusCandidate(video)).toBe(true);
    expect((await request(s, 'leave')).code).toBe(20000);
  }, 90_000);

  it('Janus answers nobody but the server: no session without its secret, so no room to guess', async () => {
    await expect(JanusSession.connect(janus.JANUS_URL, 'not-the-secret')).rejects.toThrow(/403/);
    await expect(JanusSession.connect(janus.JANUS_URL, '')).rejects.toThrow(/403/);
  });
});
