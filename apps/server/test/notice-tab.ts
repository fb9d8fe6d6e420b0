// A player's /notice tab in integration tests: a real socket with the player's token, recording
// every push it hears, in order. `init` binds it to the player as the player app does.
import { NOTICE_NAMESPACE } from '@reelcast/protocol/notice';
import { io, type Socket } from 'socket.io-client';
import { playerRow, type TestServer, tokenFor } from './support';

// biome-ignore lint/suspicious/noExplicitAny: pushes are loosely typed JSON
type Json = any;

export interface NoticeTab {
  player: Awaited<ReturnType<typeof playerRow>>;
  socket: Socket;
  heard: Array<{ event: string; payload: Json }>;
  ask(event: string, payload: unknown): Promise<Json>;
  /** the payloads heard of one event, oldest first */
  of(event: string): Json[];
  init(): Promise<Json>;
}

/** Opens the tab on the server listening at `origin` (the tokens are the server's own). */
export async function noticeTab(
  server: TestServer,
  origin: string,
  username: string,
): Promise<NoticeTab> {
  const player = await playerRow(server, username);
  const socket = io(`${origin}${NOTICE_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: await tokenFor(server, username) },
  });
  const heard: Array<{ event: string; payload: Json }> = [];
  socket.onAny((event: string, payload: Json) => heard.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ask = (event: string, payload: unknown): Promise<Json> =>
    socket.timeout(5000).emitWithAck(event, payload);
  return {
    player,
    socket,
    heard,
    ask,
    of: (event) => heard.filter((h) => h.event === event).map((h) => h.payload),
    init: () => ask('init', { id: player.id }),
  };
}
