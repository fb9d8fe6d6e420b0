// The player of a slot session turns the machine's screen (rotation, cut screen on a phone): the
// video's frames change size, touches are read on the new layout, and bad requests get 40000.
import { buttonLayoutOf } from '@reelcast/egm/layout';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken, startListeningServer, type TestServer } from './support';
import { frameSize, receiveVideo } from './video-peer';

describe('machine screen layout', () => {
  let server: TestServer;
  let url: string;
  let socket: Socket;
  let video: ReturnType<typeof receiveVideo> | undefined;

  beforeAll(async () => {
    ({ server, url } = await startListeningServer());
  });
  afterAll(async () => {
    socket?.disconnect();
    video?.close();
    await server.close();
  });

  it('portrait changes the frame size and the touch map; landscape again after leaving', async () => {
    const token = await loginToken(server, 'demo');
    socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    video = receiveVideo(socket);
    const ask = (event: string, payload: unknown) =>
      socket.timeout(5000).emitWithAck(event, payload);

    // Only the player of the slot session may turn the screen.
    expect((await ask('layout', { layout: 'portrait' })).code).toBe(40000);
    expect((await ask('init', { machineID: 6, token })).code).toBe(20000);
    const agent = server.services.floor.agent(6)!;
    expect(agent.layout).toBe('landscape');
    await expect
      .poll(() => video?.pc && frameSize(video.pc), { timeout: 15_000 })
      .toEqual({
        width: 640,
        height: 480,
      });

    for (const bad of [{}, { layout: 'sideways' }, 'portrait', { layout: 1 }, null]) {
      expect((await ask('layout', bad)).code, JSON.stringify(bad)).toBe(40000);
    }
    expect(agent.layout).toBe('landscape');

    const turned = await ask('layout', { layout: 'portrait' });
    expect(turned).toEqual({ code: 20000, layout: 'portrait', width: 480, height: 640 });
    expect(agent.layout).toBe('portrait');
    await expect
      .poll(() => video?.pc && frameSize(video.pc), { timeout: 15_000 })
      .toEqual({
        width: 480,
        height: 640,
      });
    // Touches are read on the portrait screen.
    const bet = buttonLayoutOf('portrait')['bet+'];
    const touched = await ask('touch', { x: bet.x + bet.w / 2, y: bet.y + bet.h / 2 });
    expect(touched).toMatchObject({ code: 20000, button: 'bet+' });

    expect((await ask('leave', {})).code).toBe(20000);
    expect(agent.layout).toBe('landscape');
  });
});
