// The watch of one machine: its socket and video for as long as the page is open, and what the
// page shows (connecting, watching with the count and status, lost, refused with a code).
import type { SpectateNotice } from '@reelcast/protocol/machine-socket';
import { useEffect, useState } from 'react';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { useSettings } from '../../../shared/settings';
import { VideoReceiver } from '../../../shared/video/video-receiver';
import { SpectatorClient, type SpectatorSocket } from '../api/spectator-socket';

export type SpectatorState =
  | { stage: 'connecting' }
  | { stage: 'watching'; notice: SpectateNotice }
  | { stage: 'lost'; notice: SpectateNotice | null }
  | { stage: 'refused'; code: number; message: string; params: Record<string, unknown> };

export type SpectatorTestHooks = {
  createSocket?: () => SpectatorSocket;
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
};

export function useSpectator(
  machineId: number,
  test: SpectatorTestHooks = {},
): { state: SpectatorState; stream: MediaStream | null } {
  const iceServers = useSettings((settings) => settings.ICE_SERVERS);
  const [state, setState] = useState<SpectatorState>({ stage: 'connecting' });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const { createSocket, createPeer } = test;

  useEffect(() => {
    let last: SpectateNotice | null = null;
    let client: SpectatorClient | null = null;
    const video: VideoReceiver = new VideoReceiver({
      iceServers: iceServers ?? [],
      sendSignal: (signal) => client?.sendSignal(signal),
      onStream: setStream,
      // The media path broke while the socket stayed up: a fresh offer, as on the game screen.
      onPeerFailed: () => {
        video.closePeer();
        client?.restartVideo();
      },
      ...(createPeer ? { createPeer } : {}),
    });
    client = new SpectatorClient(
      machineId,
      () => useAuthStore.getState().token,
      {
        onIceServers: (servers) => video.setIceServers(servers),
        onWatching: (notice) => {
          last = notice;
          setState({ stage: 'watching', notice });
        },
        onRefused: (error) => {
          video.dispose();
          setState({
            stage: 'refused',
            code: error.code,
            message: error.ErrorMessage,
            params: error.Params ?? {},
          });
        },
        onSignal: (signal) => video.receive(signal),
        onLost: () => setState({ stage: 'lost', notice: last }),
      },
      createSocket,
    );
    return () => {
      client?.close();
      video.dispose();
    };
  }, [machineId, iceServers, createSocket, createPeer]);

  return { state, stream };
}
