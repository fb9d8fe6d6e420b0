// The latency indicator's figures: the round trip over the machine socket, and the video delay
// from the receiver's statistics (network half round trip + jitter buffer + decode).
import { useEffect, useState } from 'react';
import { videoDelayMs } from '../../../shared/video/video-receiver';

export type Latency = { roundTripMs: number | null; videoDelayMs: number | null };

export function useLatency(
  active: boolean,
  ping: () => Promise<number | null>,
  peer: () => RTCPeerConnection | null,
): Latency {
  const [latency, setLatency] = useState<Latency>({ roundTripMs: null, videoDelayMs: null });
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const measure = async () => {
      const roundTripMs = await ping();
      const pc = peer();
      const video = pc ? await videoDelayMs(pc).catch(() => null) : null;
      if (!stopped) setLatency({ roundTripMs, videoDelayMs: video });
    };
    void measure();
    const timer = setInterval(measure, 3000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, ping, peer]);
  return latency;
}
