// The server's end of the /machine socket, played by a test (the network is the edge). Tests mock
// socket.io-client with it: vi.mock('socket.io-client', () => import('…/fake-machine-socket')).
type Listener = (...args: unknown[]) => void;
export type Sent = {
  event: string;
  payload?: unknown;
  ack?: (error: Error | null, answer: unknown) => void;
};

const listeners = new Map<string, Listener[]>();

export const machineServer = {
  /** what the client sent, in order; an acknowledgement answers it */
  sent: [] as Sent[],
  socket: {
    active: true,
    connected: false,
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return machineServer.socket;
    },
    emit(event: string, payload: unknown) {
      machineServer.sent.push({ event, payload });
      return machineServer.socket;
    },
    timeout: () => ({
      emit: (event: string, payload: unknown, ack: Sent['ack']) =>
        machineServer.sent.push({ event, payload, ack }),
      emitWithAck: (event: string, payload: unknown) => {
        machineServer.sent.push({ event, payload });
        return new Promise(() => {});
      },
    }),
    connect() {
      machineServer.socket.connected = true;
      machineServer.fire('connect');
      return machineServer.socket;
    },
    disconnect() {
      machineServer.socket.connected = false;
      return machineServer.socket;
    },
    removeAllListeners() {
      listeners.clear();
      return machineServer.socket;
    },
  },
  /** The server sends an event to the client. */
  fire(event: string, ...args: unknown[]) {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  },
};

/** socket.io-client's io(), connecting every socket to the fake server. */
export const io = () => machineServer.socket;
