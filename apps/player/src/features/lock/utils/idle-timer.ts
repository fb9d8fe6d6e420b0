// Idle detection (§4, §9): calls onIdle once after timeoutMs without player activity. Activity is
// throttled: after an event resets the clock, further events within throttleMs are ignored, so
// a moving pointer does not re-arm a timer on every frame.

/** What counts as the player being there. Captured, so no page can swallow them. */
export const activityEvents = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
] as const;

export type IdleTimerOptions = {
  timeoutMs: number;
  throttleMs: number;
  onIdle: () => void;
  target?: EventTarget;
};

/** Starts watching; the returned function stops it. */
export function startIdleTimer({
  timeoutMs,
  throttleMs,
  onIdle,
  target = window,
}: IdleTimerOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastReset = Date.now();

  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(onIdle, timeoutMs);
  };
  const onActivity = () => {
    const now = Date.now();
    if (now - lastReset < throttleMs) return;
    lastReset = now;
    arm();
  };

  const options = { capture: true, passive: true } as const;
  for (const type of activityEvents) target.addEventListener(type, onActivity, options);
  arm();
  return () => {
    clearTimeout(timer);
    for (const type of activityEvents) target.removeEventListener(type, onActivity, options);
  };
}
