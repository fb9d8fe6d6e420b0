import type { MachineState, SlotSessionInfo } from '@reelcast/protocol/machine-socket';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from './connection-state';
import { MachineConnection, type MachineConnectionHandlers } from './machine-connection';
import { type MachineSocket, NotConnectedError } from './machine-socket';

type Sent = {
  event: string;
  payload: unknown;
  ack?: (error: Error | null, answer: unknown) => void;
};

/** Just enough of a socket.io client socket to play the server's side by hand. */
class FakeSocket {
  readonly sent: Sent[] = [];
  connected = false;
  active = true;
  private listeners = new Map<string, Array<(...args: unknown[]) => void>>();

  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.sent.push({ event, payload });
    return this;
  }
  timeout() {
    return {
      emit: (event: string, payload: unknown, ack: Sent['ack']) => {
        this.sent.push({ event, payload, ack });
      },
      emitWithAck: (event: string, payload: unknown) =>
        new Promise((resolve) => {
          this.sent.push({ event, payload, ack: (_error, answer) => resolve(answer) });
        }),
    };
  }
  connect() {
    this.connected = true;
    this.fire('connect');
    return this;
  }
  disconnect() {
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  listens(event: string): boolean {
    return (this.listeners.get(event) ?? []).length > 0;
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** The network drops: socket.io will reconnect by itself. */
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  last(event: string): Sent {
    const found = this.sent.filter((sent) => sent.event === event).at(-1);
    if (!found) throw new Error(`nothing sent as ${event}`);
    return found;
  }
  count(event: string): number {
    return this.sent.filter((sent) => sent.event === event).length;
  }
}

class FakePeer {
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  readonly added: RTCIceCandidateInit[] = [];
  closed = false;
  connectionState: RTCPeerConnectionState = 'new';
  onconnectionstatechange: (() => void) | null = null;
  onicecandidate:
    | ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void)
    | null = null;
  ontrack: ((event: { streams: unknown[]; track: unknown }) => void) | null = null;
  constructor(readonly config: RTCConfiguration) {}
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    // A candidate before the offer is what the browser would refuse.
    if (!this.remoteDescription) throw new Error('no remote description');
    this.added.push(candidate);
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: 'v=0 answer' };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
  }
  close() {
    this.closed = true;
  }
}

const session: SlotSessionInfo = {
  id: 7,
  machineId: 3,
  name: '#3',
  status: 'open',
  machine_status: 'playing',
};
const machine: MachineState = {
  id: 3,
  status: 'playing',
  credits: 0,
  bet: 10,
  win: 0,
  spinning: false,
  autoplay: false,
};
const candidate = {
  candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};

function setUp(token: string | null = 'token-1') {
  const socket = new FakeSocket();
  const peers: FakePeer[] = [];
  const statuses: ConnectionStatus[] = [];
  const handlers: MachineConnectionHandlers = {
    onStatus: (status) => statuses.push(status),
    onJoined: vi.fn(),
    onRefused: vi.fn(),
    onMachine: vi.fn(),
    onSession: vi.fn(),
    onInfo: vi.fn(),
    onStream: vi.fn(),
  };
  const connection = new MachineConnection({
    machineId: 3,
    getToken: () => token,
    iceServers: [],
    handlers,
    createSocket: () => socket as unknown as MachineSocket,
    createPeer: (config) => {
      const peer = new FakePeer(config);
      peers.push(peer);
      return peer as unknown as RTCPeerConnection;
    },
  });
  return { socket, peers, statuses, handlers, connection };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('MachineConnection', () => {
  it('joins with the machine id and token, and is open once the server accepts', () => {
    const { socket, statuses, handlers, connection } = setUp();
    connection.start();

    const init = socket.last('init');
    expect(init.payload).toEqual({ machineID: 3, token: 'token-1' });
    init.ack?.(null, { code: 20000, session, machine });

    expect(statuses).toEqual(['open']);
    expect(handlers.onJoined).toHaveBeenCalledWith(session, machine);
  });

  it("uses the TURN server of the join's answer, with the player's own credentials", async () => {
    const { socket, peers, connection } = setUp();
    connection.start();
    const turn = { urls: ['turn:127.0.0.1:3479'], username: '1800000600:1', credential: 'c' };
    socket.last('init').ack?.(null, { code: 20000, session, machine, iceServers: [turn] });
    socket.fire('signal', { type: 'offer', sdp: 'v=0' });
    await settle();
    expect(peers[0]?.config.iceServers).toEqual([turn]);
  });

  it('answers the offer, applying candidates that came too early after it', async () => {
    const { socket, peers, connection } = setUp();
    connection.start();
    socket.last('init').ack?.(null, { code: 20000, session, machine });

    socket.fire('signal', { type: 'candidate', candidate });
    socket.fire('signal', { type: 'offer', sdp: 'v=0 offer' });
    await settle();

    expect(peers).toHaveLength(1);
    expect(peers[0]?.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    expect(peers[0]?.added).toEqual([candidate]);
    expect(socket.last('signal').payload).toEqual({ type: 'answer', sdp: 'v=0 answer' });

    peers[0]?.onicecandidate?.({ candidate: { toJSON: () => candidate } });
    expect(socket.last('signal').payload).toEqual({ type: 'candidate', candidate });
    peers[0]?.onicecandidate?.({ candidate: null });
    expect(socket.last('signal').payload).toEqual({ type: 'candidate', candidate: null });
  });

  it('passes on a refused join and then stays silent', () => {
    const { socket, handlers, connection } = setUp();
    connection.start();
    const refusal = { code: 40900, ErrorMessage: 'busy', Params: {} };
    socket.last('init').ack?.(null, refusal);

    expect(handlers.onRefused).toHaveBeenCalledWith(refusal);
    socket.fire('machine', machine);
    expect(handlers.onMachine).not.toHaveBeenCalled();
  });

  it('ends as refused with 70000 when the machine video cannot be started', async () => {
    const { socket, peers, statuses, handlers, connection } = setUp();
    connection.start();
    socket.last('init').ack?.(null, { code: 20000, session, machine });
    socket.fire('signal', { type: 'offer', sdp: 'v=0 offer' });
    await settle();

    const message = 'Failed to start pipeline, contact technical team';
    socket.fire('info', { code: 70000, params: {}, message });

    expect(handlers.onRefused).toHaveBeenCalledWith({
      code: 70000,
      ErrorMessage: message,
      Params: {},
    });
    expect(handlers.onInfo).not.toHaveBeenCalled();
    expect(statuses.at(-1)).toBe('closed');
    expect(peers[0]?.closed).toBe(true);
    expect(socket.connected).toBe(false);
  });

  it('reports a lost connection and joins again with a fresh peer after reconnecting', async () => {
    const { socket, peers, statuses, connection } = setUp();
    connection.start();
    socket.last('init').ack?.(null, { code: 20000, session, machine });
    socket.fire('signal', { type: 'offer', sdp: 'v=0 offer' });
    await settle();

    socket.drop();
    expect(statuses.at(-1)).toBe('lost');
    expect(peers[0]?.closed).toBe(true);

    socket.connect();
    expect(socket.count('init')).toBe(2);
    socket.last('init').ack?.(null, { code: 20000, session, machine });
    expect(statuses.at(-1)).toBe('open');

    socket.fire('signal', { type: 'offer', sdp: 'v=0 second offer' });
    await settle();
    expect(peers).toHaveLength(2);
    expect(peers[1]?.remoteDescription?.sdp).toBe('v=0 second offer');
  });

  it('asks for the wanted screen layout once joined, and again after reconnecting', () => {
    const { socket, connection } = setUp();
    connection.setLayout('portrait');
    connection.start();
    expect(socket.count('layout')).toBe(0);
    socket.last('init').ack?.(null, { code: 20000, session, machine });
    expect(socket.last('layout').payload).toEqual({ layout: 'portrait' });
    connection.setLayout('portrait');
    expect(socket.count('layout')).toBe(1);
    socket.drop();
    socket.connect();
    socket.last('init').ack?.(null, { code: 20000, session, machine });
    expect(socket.count('layout')).toBe(2);
    expect(socket.last('layout').payload).toEqual({ layout: 'portrait' });
    connection.setLayout('landscape');
    expect(socket.last('layout').payload).toEqual({ layout: 'landscape' });
  });

  it('refuses money requests while not joined instead of queueing them', async () => {
    const { socket, connection } = setUp();
    connection.start();
    await expect(connection.transfer(50000)).rejects.toBeInstanceOf(NotConnectedError);
    expect(socket.count('transfer')).toBe(0);

    socket.last('init').ack?.(null, { code: 20000, session, machine });
    const answer = connection.transfer(50000);
    const sent = socket.last('transfer');
    expect(sent.payload).toMatchObject({ amount: 50000 });
    expect(typeof (sent.payload as { requestId: string }).requestId).toBe('string');
    sent.ack?.(null, { code: 20000, balance: 50000 });
    await expect(answer).resolves.toEqual({ code: 20000, balance: 50000 });
  });

  it('delivers nothing from the socket once closed', () => {
    const { socket, handlers, connection } = setUp();
    connection.start();
    socket.last('init').ack?.(null, { code: 20000, session, machine });
    connection.close();
    socket.fire('machine', machine);
    socket.fire('session', session);
    socket.fire('info', { code: 18800, params: { count: 3 }, message: '' });
    expect(handlers.onMachine).not.toHaveBeenCalled();
    expect(handlers.onSession).not.toHaveBeenCalled();
    expect(handlers.onInfo).not.toHaveBeenCalled();
  });

  it('does not listen for a balance on /machine: the balance comes ordered on /notice', () => {
    const { socket, connection } = setUp();
    connection.start();
    expect(socket.listens('balance')).toBe(false);
    expect(socket.listens('machine')).toBe(true);
  });

  it('ignores the answer to an init sent on an earlier connection', () => {
    const { socket, statuses, handlers, connection } = setUp();
    connection.start();
    const first = socket.last('init');
    socket.drop();
    socket.connect();
    const second = socket.last('init');
    expect(second).not.toBe(first);

    first.ack?.(null, { code: 20000, session, machine });
    expect(handlers.onJoined).not.toHaveBeenCalled();
    expect(statuses).toEqual(['lost']);

    second.ack?.(null, { code: 20000, session, machine });
    expect(handlers.onJoined).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['lost', 'open']);
  });

  it('ends as refused with 50100 when the server disconnects the socket', async () => {
    const { socket, peers, statuses, handlers, connection } = setUp();
    connection.start();
    socket.last('init').ack?.(null, { code: 20000, session, machine });
    socket.fire('signal', { type: 'offer', sdp: 'v=0 offer' });
    await settle();

    socket.fire('disconnect', 'io server disconnect');

    expect(statuses.at(-1)).toBe('closed');
    expect(peers[0]?.closed).toBe(true);
    expect(handlers.onRefused).toHaveBeenCalledWith({ code: 50100, ErrorMessage: '', Params: {} });
    socket.fire('disconnect', 'transport close');
    expect(statuses.at(-1)).toBe('closed');
    expect(handlers.onRefused).toHaveBeenCalledTimes(1);
  });

  it('refuses to join without a token (40100) and sends no init', () => {
    const { socket, statuses, handlers, connection } = setUp(null);
    connection.start();
    expect(socket.count('init')).toBe(0);
    expect(statuses).toEqual(['closed']);
    expect(handlers.onRefused).toHaveBeenCalledWith({ code: 40100, ErrorMessage: '', Params: {} });
  });

  it('asks for a fresh offer when the peer connection fails while the socket stays up', async () => {
    const { socket, peers, handlers, connection } = setUp();
    connection.start();
    socket.last('init').ack?.(null, { code: 20000, session, machine });
    socket.fire('signal', { type: 'offer', sdp: 'v=0 offer' });
    await settle();
    expect(socket.count('video')).toBe(0);

    peers[0]!.connectionState = 'failed';
    peers[0]!.onconnectionstatechange?.();
    await settle();

    expect(socket.count('video')).toBe(1);
    expect(peers[0]?.closed).toBe(true);
    expect(handlers.onStream).toHaveBeenLastCalledWith(null);
    expect(connection.peerConnection).toBeNull();
  });
});
