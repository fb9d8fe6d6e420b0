// The receiving end of a machine's video in integration tests: a real wrtc peer connection that
// answers the server's offer over the machine socket.
import type { Socket } from 'socket.io-client';
import { wrtc } from '../src/modules/floor/wrtc';

type Inbound = { type: string; kind?: string; frameWidth?: number; frameHeight?: number };

/** The size of the frames the peer connection is receiving, or null before the first. */
export async function frameSize(
  pc: RTCPeerConnection,
): Promise<{ width: number; height: number } | null> {
  const report = await pc.getStats();
  let size: { width: number; height: number } | null = null;
  report.forEach((raw: unknown) => {
    const s = raw as Inbound;
    if (s.type === 'inbound-rtp' && s.kind === 'video' && s.frameWidth && s.frameHeight) {
      size = { width: s.frameWidth, height: s.frameHeight };
    }
  });
  return size;
}

/** Sends the peer connection's ICE candidates to the server as the player app does. */
function forwardCandidates(pc: RTCPeerConnection, socket: Socket): void {
  pc.onicecandidate = (e) =>
    socket.emit('signal', {
      type: 'candidate',
      candidate: e.candidate
        ? {
            candidate: e.candidate.candidate,
            sdpMid: e.candidate.sdpMid,
            sdpMLineIndex: e.candidate.sdpMLineIndex,
          }
        : null,
    });
}

/**
 * Plays the browser's side of the machine video: each offer (the first, then one per restart or
 * band change) gets a fresh receiving peer connection, as the player app does.
 */
export function receiveVideo(socket: Socket): {
  readonly pc: RTCPeerConnection | null;
  close(): void;
} {
  let pc: RTCPeerConnection | null = null;
  const handle = async (m: { type?: string; sdp?: string; candidate?: RTCIceCandidateInit }) => {
    if (m.type === 'offer') {
      pc?.close();
      const peer = new wrtc.RTCPeerConnection({ iceServers: [] });
      pc = peer;
      forwardCandidates(peer, socket);
      await peer.setRemoteDescription({ type: 'offer', sdp: m.sdp! });
      await peer.setLocalDescription(await peer.createAnswer());
      socket.emit('signal', { type: 'answer', sdp: peer.localDescription!.sdp });
    } else if (m.candidate) {
      await pc?.addIceCandidate(m.candidate);
    }
  };
  // One message at a time, in order: a peer connection is never closed while its own offer is
  // still being answered (libwebrtc does not take that well), and a candidate never reaches a
  // connection before its offer. A connection the server closed meanwhile just fails its step.
  let chain = Promise.resolve();
  socket.on('signal', (m) => {
    chain = chain.then(() => handle(m)).catch(() => {});
  });
  return {
    get pc() {
      return pc;
    },
    close: () => pc?.close(),
  };
}
