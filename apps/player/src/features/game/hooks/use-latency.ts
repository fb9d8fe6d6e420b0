// The latency indicator's figures: the round trip over the machine socket, and the video delay
// from the receiver's statistics (network half round trip + jitter buffer + decode).
import { useEffect, useState } from 'react';

export type Latency = { roundTripMs: number | null; videoDelayMs: number | null };

type Stats = {
  type: string;
  kind?: string;
  state?: string;
  nominated?: boolean;
  currentRoundTripTime?: number;
  jitterBufferDelay?: number;
  jitterBufferEmittedCount?: number;
  totalDecodeTime?: number;
  framesDecoded?: number;
};

export async function videoDelayMs(peer: RTCPeerConnection): Promise<number | null> {
  const report = await peer.getStats();
  let buffer: number | null = null;
  let decode = 0;
  let network = 0;
  report.forEach((raw) => {
    const s = raw as Stats;
    if (s.type === 'inbound-rtp' && s.kind === 'video' && s.jitterBufferEmittedCount) {
      buffer = ((s.jitterBufferDelay ?? 0) / s.jitterBufferEmittedCount) * 1000;
      if (s.framesDecoded) decode = ((s.totalDecodeTime ?? 0) / s.framesDecoded) * 1000;
    }
    if (s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded') {
      network = ((s.currentRoundTripTime ?? 0) * 1000) / 2;
    }
  });
  return buffer === null ? null : network + buffer + decode;
}

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
