import { useEffect, useRef } from 'react';
import { startIdleTimer } from '../utils/idle-timer';

/** Runs the idle timer while enabled; a change of timeout or throttle restarts it. */
export function useIdleTimer({
  enabled,
  timeoutMs,
  throttleMs,
  onIdle,
}: {
  enabled: boolean;
  timeoutMs: number;
  throttleMs: number;
  onIdle: () => void;
}): void {
  // The latest callback, without restarting the timer (and forgiving the idle time) on renders.
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!enabled) return;
    return startIdleTimer({ timeoutMs, throttleMs, onIdle: () => onIdleRef.current() });
  }, [enabled, timeoutMs, throttleMs]);
}
