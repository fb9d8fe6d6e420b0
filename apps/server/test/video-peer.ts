// The receiving end of a machine's video in integration tests: a real wrtc peer connection that
// answers the server's offer over the machine socket.

import { wrtc } from '@reelcast/cabinet-video/wrtc';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { loginToken, startListeningServer, type TestServer } from './support';

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

/**
 * Sends the peer connection's ICE candidates to the server as the player app does, once `ready`
 * (the answer has gone out): the server cannot take a candidate before the answer.
 */
function forwardCandidates(pc: RTCPeerConnection, socket: Socket, ready: Promise<void>): void {
  pc.onicecandidate = (e) =>
    void ready.then(() =>
      socket.emit('signal', {
        type: 'candidate',
        candidate: e.candidate
          ? {
              candidate: e.candidate.candidate,
              sdpMid: e.candidate.sdpMid,
              sdpMLineIndex: e.candidate.sdpMLineIndex,
            }
          : null,
      }),
    );
}

/** A receiving end: the peer connection of the latest offer. */
export interface Video {
  readonly pc: RTCPeerConnection | null;
  /** The latest peer connection's frame size, read in turn with the signals (see below). */
  frameSize(): Promise<{ width: number; height: number } | null>;
  close(): Promise<void>;
}

/** Video frames the receiving end's latest peer connection has decoded so far. */
export async function framesDecoded(video: Video): Promise<number> {
  const pc = video.pc;
  if (!pc) return 0;
  let frames = 0;
  (await pc.getStats()).forEach((raw: unknown) => {
    const s = raw as { type?: string; kind?: string; framesDecoded?: number };
    if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
  });
  return frames;
}

/**
 * Plays the browser's side of the machine video: each offer (the first, then one per restart or
 * band change) gets a fresh receiving peer connection, as the player app does.
 */
export function receiveVideo(socket: Socket): Video {
  let pc: RTCPeerConnection | null = null;
  const handle = async (m: { type?: string; sdp?: string; candidate?: RTCIceCandidateInit }) => {
    if (m.type === 'offer') {
      pc?.close();
      const peer = new wrtc.RTCPeerConnection({ iceServers: [] });
      pc = peer;
      let answered = () => {};
      forwardCandidates(peer, socket, new Promise((resolve) => (answered = resolve)));
      await peer.setRemoteDescription({ type: 'offer', sdp: m.sdp! });
      const answer = await peer.createAnswer();
      await peer.setLocalDescription(answer);
      // Not peer.localDescription: reading it races libwebrtc's candidate gathering (SIGSEGV).
      socket.emit('signal', { type: 'answer', sdp: answer.sdp });
      answered();
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
  // Reads and the close go in the same queue: never a getStats under a close, or a close under
  // a step still answering an offer.
  const queued = <T>(step: () => Promise<T>): Promise<T> => {
    const result = chain.then(step);
    chain = result.then(
      () => {},
      () => {},
    );
    return result;
  };
  return {
    get pc() {
      return pc;
    },
    frameSize: () => queued(async () => (pc ? frameSize(pc) : null)),
    close: () => queued(async () => pc?.close()),
  };
}

/**
 * A listening server for the file's tests and, on connect(), one player's machine socket with its
 * video received; the socket, the video and the server close after the file.
 */
export function watchingPlayer() {
  const state: { server?: TestServer; url?: string; socket?: Socket; video?: Video } = {};
  beforeAll(async () => {
    const { server, url } = await startListeningServer();
    Object.assign(state, { server, url });
  });
  afterAll(async () => {
    state.socket?.disconnect();
    await state.video?.close();
    await state.server?.close();
  });
  return {
    get server(): TestServer {
      return state.server!;
    },
    /** The player signs in; a fresh socket to /machine receives the video. */
    async connect(username: string): Promise<{ token: string; socket: Socket; video: Video }> {
      const token = await loginToken(state.server!, username);
      const socket = io(state.url!, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      const video = receiveVideo(socket);
      Object.assign(state, { socket, video });
      return { token, socket, video };
    },
  };
}
