import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIdleTimer } from './idle-timer';

const timeoutMs = 60_000;
const throttleMs = 500;

function activity(type = 'pointermove') {
  window.dispatchEvent(new Event(type));
}

describe('idle timer', () => {
  let stop: () => void = () => undefined;
  const onIdle = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    onIdle.mockReset();
    stop = startIdleTimer({ timeoutMs, throttleMs, onIdle });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('fires once after 60 s without activity', () => {
    vi.advanceTimersByTime(timeoutMs - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(timeoutMs * 3);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('starts the 60 s again on activity', () => {
    vi.advanceTimersByTime(30_000);
    activity('keydown');
    vi.advanceTimersByTime(timeoutMs - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('ignores activity within 500 ms of the last counted one', () => {
    vi.advanceTimersByTime(30_000);
    activity(); // counted: idle at 90 000
    vi.advanceTimersByTime(throttleMs - 1);
    activity(); // throttled: would have moved idle to 90 499
    vi.advanceTimersByTime(timeoutMs - throttleMs + 1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts activity again once the throttle time has passed', () => {
    vi.advanceTimersByTime(30_000);
    activity();
    vi.advanceTimersByTime(throttleMs);
    activity(); // counted: idle moves to 90 500
    vi.advanceTimersByTime(timeoutMs - throttleMs);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(throttleMs);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts each kind of player input', () => {
    for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll']) {
      vi.advanceTimersByTime(timeoutMs - 1);
      activity(type);
    }
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('stops listening and never fires once stopped', () => {
    stop();
    vi.advanceTimersByTime(timeoutMs * 2);
    activity();
    vi.advanceTimersByTime(timeoutMs * 2);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
