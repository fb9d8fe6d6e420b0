// The seam between the server and a cabinet (MachineAgent: SAS-like operations and events). A physical deployment puts a machine agent next to
// each cabinet (screen capture, SAS link, touch interface); the simulated floor implements the
// same interface with packages/egm, so a real SAS-speaking agent can take its place later.
import type { VideoSignalFromAgent } from '@reelcast/protocol/agent';
import type { MachineMeters } from '@reelcast/protocol/floor';
import type {
  MachineButton,
  MachineLayout,
  MachineState,
  SignalFromClient,
} from '@reelcast/protocol/machine-socket';

/** ready: the agent answers; fault: the agent itself is broken; offline: the link to it is down. */
export type AgentStatus = 'ready' | 'fault' | 'offline';

/** A hand pay waiting for an attendant; id is unique per hand pay (SAS: its hand-pay queue entry). */
export interface PendingHandPay {
  id: string;
  /** hundredths */
  amount: number;
}

/** A game that ended on the cabinet (SAS 7Fh), or one its journal tells again. */
export interface GameEnded {
  bet: number;
  win: number;
  handPay: boolean;
  stops: number[];
  grid: string[][];
  /**
   * The cabinet's name for the game where it gives one (an agent's: its NVRAM epoch and game
   * number): the record holds each name once, so a game told twice is recorded once.
   */
  ref?: string;
  /** the credit meter before the bet and after the game, where the cabinet says them */
  creditsBefore?: number;
  creditsAfter?: number;
  /**
   * A game from the cabinet's journal, told after the fact: when it ended, and whether its
   * credits are the cabinet's now (its last game, and no money moved since): only then do they
   * become the session's.
   */
  replay?: { playedAt: Date; latest: boolean };
  /** The game is in the record (or never will be): the cabinet may forget it. */
  recorded?: () => void;
}

/** Events modelled on SAS exceptions. */
export interface AgentEvents {
  change: (state: MachineState) => void;
  'game-started': (e: { bet: number }) => void;
  /** stops and grid (grid[reel][row] of symbol ids) redraw the final screen for game recall */
  'game-ended': (e: GameEnded) => void;
  'cashout-button': () => void;
  'hand-pay-pending': (e: PendingHandPay) => void;
  'hand-pay-reset': (e: PendingHandPay) => void;
}

/**
 * What the seats may ask of a cabinet. What they read (state, meters, a pending hand pay) answers
 * at once; what they ask (a transfer, a press) answers once the cabinet has done it: at once for
 * a simulated cabinet in this process, after the agent protocol's round trip for one in a machine
 * agent (agents/remote-cabinet.ts). A request id names each money movement, so a retry lands once.
 */
export interface MachineAgent {
  readonly machineId: number;
  readonly status: AgentStatus;
  state(): MachineState;
  /** Electronic transfer to the machine (hundredths); answers the meters the moment it landed. */
  transferIn(amount: number, requestId: string): Promise<MachineMeters>;
  /** A cash-out the host's wallet refused goes back onto the machine, not counted as transferred. */
  cancelCashOut(amount: number, requestId: string): Promise<void>;
  /** A transfer in the host could not record is taken back off, not counted as transferred. */
  cancelTransferIn(amount: number, requestId: string): Promise<void>;
  /**
   * Restart recovery: the credit meter as recorded when the server stopped. Not a transfer (the
   * meters already count the transfers that brought it), so no transfer meter moves. A machine
   * agent keeps its own credits (NVRAM): nothing to do for its cabinets.
   */
  restoreCredits(amount: number): void;
  /** The cabinet's SAS meters now (a real cabinet keeps them itself; the server mirrors them). */
  meters(): MachineMeters;
  /** Takes every credit off the machine (0 while a game is in progress), with the meters then. */
  cashOut(requestId: string): Promise<{ amount: number; meters: MachineMeters }>;
  touch(x: number, y: number): Promise<MachineButton | null>;
  press(button: MachineButton): Promise<boolean>;
  /** Stops autoplay; the game in play finishes. */
  stopAutoplay(): Promise<void>;
  /** The hand pay waiting for an attendant, or null. */
  pendingHandPay(): PendingHandPay | null;
  /**
   * An attendant paid the pending hand pay: unlocks the machine and answers the amount (the
   * server credits the wallet with it, ledger type 5); 0 when none was pending or while offline.
   */
  resetHandPay(): Promise<number>;
  /** Restart recovery: the hand pay that was pending, with its id, locks the machine again. */
  restoreHandPay(pending: PendingHandPay): void;
  /** The layout the machine's screen shows; touches are read on it. */
  readonly layout: MachineLayout;
  /**
   * Switches the screen's layout (for every viewer: it is the machine's screen); the video's
   * frames change size from the next one. Answers the new frame size.
   */
  setLayout(layout: MachineLayout): Promise<{ width: number; height: number }>;
  on<E extends keyof AgentEvents>(event: E, listener: AgentEvents[E]): this;
  off<E extends keyof AgentEvents>(event: E, listener: AgentEvents[E]): this;
  stop(): void;
}

/**
 * A cabinet whose agent sends its video to the viewer itself: the server relays the signalling
 * (the agent's offer and candidates to the viewer, the viewer's answer and candidates to it).
 */
export interface VideoRelay {
  /** Asks the agent to offer its screen to a viewer; what it sends for them goes to `signal`. */
  open(
    viewerId: string,
    opts: { scale: number; startKbps: number; maxKbps: number },
    signal: (s: VideoSignalFromAgent['signal']) => void,
  ): void;
  /** The viewer's answer or candidate; rejects when the agent's libwebrtc refused it. */
  signal(viewerId: string, signal: SignalFromClient): Promise<void>;
  close(viewerId: string): void;
}

/**
 * The machine's screen as video. A cabinet's agent captures it; the simulated floor draws it.
 * Only the video sender (gateway/video-sender.ts) takes tracks.
 */
export interface MachineVideo {
  readonly machineId: number;
  /** set when the cabinet's agent sends the video itself (no track is taken here) */
  readonly relay?: VideoRelay;
  /** Frames of the screen handed to the video since the start (metrics: frames per second). */
  readonly framesSent: number;
  /** A track showing the machine's screen; the machine renders while any track is held. */
  acquireVideo(): MediaStreamTrack;
  releaseVideo(track: MediaStreamTrack): void;
}

/**
 * What only the simulated floor offers: staff and the random fault scheduler raise and clear
 * faults with these (floor/faults.ts); a real cabinet's door, tilt and link are its own.
 */
export interface SimulatorControls {
  readonly machineId: number;
  /** Main door (SAS door open / closed); open is a fault: nothing can be played or transferred. */
  setDoor(open: boolean): void;
  tilt(reason: string): void;
  clearTilt(): void;
  /** Takes the agent off line or back (a lost link): nothing can be joined, played or paid. */
  setOffline(offline: boolean): void;
}

/** A machine of the floor: the cabinet's agent, its video and, simulated, its fault controls. */
export type FloorAgent = MachineAgent & MachineVideo & SimulatorControls;
