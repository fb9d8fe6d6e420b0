// The player of a slot session turns the machine's screen (rotation, cut screen on a phone): the
// video's frames change size, touches are read on the new layout, and bad requests get 40000.
import { buttonLayoutOf } from '@reelcast/egm/layout';
import { describe, expect, it } from 'vitest';
import { watchingPlayer } from './video-peer';

describe('machine screen layout', () => {
  const player = watchingPlayer();

  it('portrait changes the frame size and the touch map; landscape again after leaving', async () => {
    const { token, socket, video } = await player.connect('demo');
    const { server } = player;
    const ask = (event: string, payload: unknown) =>
      socket.timeout(5000).emitWithAck(event, payload);

    // Only the player of the slot session may turn the screen.
    expect((await ask('layout', { layout: 'portrait' })).code).toBe(40000);
    expect((await ask('init', { machineID: 6, token })).code).toBe(20000);
    const agent = server.services.floor.agent(6)!;
    expect(agent.layout).toBe('landscape');
    await expect
      .poll(() => video.frameSize(), { timeout: 15_000 })
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
      .poll(() => video.frameSize(), { timeout: 15_000 })
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
