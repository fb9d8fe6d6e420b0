// §9 FPS: a machine's video is drawn at the frame rate it is given, read at every frame, so a
// settings edit changes a stream already running. Time is the fake clock's: nothing is timed.
import { games } from '@reelcast/egm';
import { afterEach, expect, it, vi } from 'vitest';
import { SimulatedAgent } from './simulated-agent';

afterEach(() => {
  vi.useRealTimers();
});

it('draws at the frame rate it is given, and follows a change at once', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  let fps = 10;
  // Stamped frames all differ, so every frame drawn is sent (a still screen sends fewer).
  const agent = new SimulatedAgent(1, Object.values(games)[0]!, () => fps, { stamp: true });
  const track = agent.acquireVideo();
  try {
    const start = agent.framesSent;
    vi.advanceTimersByTime(1000);
    const atTen = agent.framesSent - start;
    fps = 30;
    vi.advanceTimersByTime(1000);
    const atThirty = agent.framesSent - start - atTen;
    expect(atTen).toBeGreaterThanOrEqual(10);
    expect(atTen).toBeLessThanOrEqual(11);
    // The frame already scheduled at the old rate comes first.
    expect(atThirty).toBeGreaterThanOrEqual(27);
    expect(atThirty).toBeLessThanOrEqual(31);
  } finally {
    agent.releaseVideo(track);
    agent.stop();
  }
});
