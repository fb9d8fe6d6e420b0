// The video of a machine hosted by a machine agent in its own process: the agent draws and encodes
// the cabinet's screen and sends it straight to the viewer; the server relays only the
// signalling, under its ICE allow-list. A band change scales the agent's picture, a layout turns
// it, and a player who leaves stops receiving it at once. An agent cannot signal to a viewer of
// a cabinet that is not its own.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AGENT_NAMESPACE, AGENT_PROTOCOL_VERSION } from '@reelcast/protocol/agent';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAgentSecret, newAgentSecret } from '../src/modules/agents/credentials';
import { agentRepository } from '../src/modules/agents/repository';
import { peerConnectionCount } from '../src/modules/gateway/machine-connection';
import { nvramDir, request, socketTo, startAgentProcess } from './agent-support';
import { startTestServer, type TestServer, tokenFor } from './support';
import { framesDecoded, receiveVideo, type Video } from './video-peer';

const MACHINE = 5;
const OTHER = 6;
const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-agent-video-'));
const nvram = nvramDir();
const secret = newAgentSecret();
const intruderSecret = newAgentSecret();
let server: TestServer;
let base: string;
let agent: ChildProcess;
const sockets: Socket[] = [];
const videos: Video[] = [];

beforeAll(async () => {
  const first = await startTestServer('pglite', {}, undefined, { dataDir });
  const db = first.services.database.db;
  await agentRepository.add(db, 'box-video', await hashAgentSecret(secret), [MACHINE]);
  await agentRepository.add(db, 'box-other', await hashAgentSecret(intruderSecret), [OTHER]);
  await first.close();
  server = await startTestServer('pglite', {}, undefined, { dataDir });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  agent = startAgentProcess({
    url: base,
    agentId: 'box-video',
    secret,
    cabinets: `${MACHINE}:classic`,
    nvram,
  });
}, 60_000);

afterAll(async () => {
  for (const v of videos) await v.close();
  for (const s of sockets) s.disconnect();
  agent?.kill('SIGKILL');
  await server.close();
});

function connect(namespace: string, auth?: object): Socket {
  const s = socketTo(`${base}${namespace}`, auth);
  sockets.push(s);
  return s;
}

describe('video of an agent’s cabinet', () => {
  it('comes from the agent process, at the band and layout asked, and stops when the player leaves', async () => {
    const cabinet = () => server.services.floor.agent(MACHINE)!;
    await expect.poll(() => cabinet().state().status, { timeout: 30_000 }).toBe('idle');
    const token = await tokenFor(server, 'demo');
    const s = connect('/machine');
    const video = receiveVideo(s);
    videos.push(video);
    expect((await request(s, 'init', { machineID: MACHINE, token })).code).toBe(20000);
    await expect
      .poll(() => video.frameSize(), { timeout: 20_000 })
      .toEqual({ width: 640, height: 480 });
    // The server holds no peer connection of its own for it: the agent sends the video.
    expect(peerConnectionCount()).toBe(1);

    expect(await request(s, 'quality', { band: 'low' })).toMatchObject({ applied: true });
    await expect
      .poll(() => video.frameSize(), { timeout: 20_000 })
      .toEqual({ width: 320, height: 240 });
    expect(await request(s, 'layout', { layout: 'portrait' })).toMatchObject({ code: 20000 });
    await expect
      .poll(() => video.frameSize(), { timeout: 20_000 })
      .toEqual({ width: 240, height: 320 });

    // A player who leaves stops receiving at once: the agent closed the stream.
    expect((await request(s, 'leave')).code).toBe(20000);
    await expect.poll(() => peerConnectionCount(), { timeout: 5000 }).toBe(0);
    const settled = await framesDecoded(video);
    await new Promise((r) => setTimeout(r, 1500));
    const later = await framesDecoded(video);
    expect(later - settled).toBeLessThanOrEqual(2);
  });

  it('another agent cannot signal to a viewer of a cabinet that is not its own', async () => {
    const intruder = connect(AGENT_NAMESPACE, {
      agentId: 'box-other',
      secret: intruderSecret,
      version: AGENT_PROTOCOL_VERSION,
    });
    const hello = await request(intruder, 'hello', { pid: 1, software: 't', cabinets: [] });
    expect(hello.code).toBe(20000);
    const refused = await request(intruder, 'video-signal', {
      viewerId: 'guessed',
      signal: { type: 'offer', sdp: 'v=0' },
    });
    expect(refused.code).toBe(40300);
  });
});
