// What the game screen does with each event of its machine connection: state for React, the
// server's notifications as toasts, and the way back to the lobby when the session ends.
import { ErrorCode } from '@reelcast/protocol/codes';
import type {
  InfoNotification,
  MachineState,
  SlotSessionInfo,
} from '@reelcast/protocol/machine-socket';
import type { RefObject } from 'react';
import { i18n, translateCode } from '../../../shared/i18n';
import { isServerRestarting, showServerRestarting } from '../../../shared/socket/server-restarting';
import { toast } from '../../../shared/ui/toast';
import type { ConnectionStatus } from '../api/connection-state';
import type { MachineConnectionHandlers } from '../api/machine-connection';

export const sessionWarningToastId = 'session-close-warning';

export type GameScreen = {
  setStatus: (status: ConnectionStatus) => void;
  setSession: (session: SlotSessionInfo) => void;
  setMachine: (machine: MachineState) => void;
  setStream: (stream: MediaStream | null) => void;
  setWarning: (warning: string | null) => void;
  sessionIdRef: RefObject<number | null>;
  machineRef: RefObject<MachineState | null>;
  /** §9 COUNTDOWN_AUTO_CLOSE_MS: how long the session-close warning stays */
  countdownMs: number | undefined;
  /** closes the connection and goes back to the lobby */
  end: () => void;
  /** §4: the credits go back to the wallet before the session closes */
  cashout: () => Promise<unknown>;
};

// i18n.t (not a hook's t) so a message arriving after a language switch uses the new one.
export function screenHandlers(screen: GameScreen): MachineConnectionHandlers {
  const { sessionIdRef, machineRef } = screen;
  return {
    onStatus: screen.setStatus,
    onJoined: (joinedSession, joinedMachine) => {
      sessionIdRef.current = joinedSession.id;
      machineRef.current = joinedMachine;
      screen.setSession(joinedSession);
      screen.setMachine(joinedMachine);
    },
    onRefused: (error) => {
      toast.error(translateCode(i18n.t, 'errors', error.code, error.ErrorMessage, error.Params));
      screen.end();
    },
    onMachine: (next) => {
      machineRef.current = next;
      screen.setMachine(next);
    },
    onSession: (next) => {
      const ours = sessionIdRef.current;
      // A notice about another player's session on this machine is not ours.
      if (ours !== null && next.id !== ours) return;
      sessionIdRef.current = next.id;
      screen.setSession(next);
      if (next.status === 'closed') {
        // Our slot session ended on the server: nothing left to play. An idle close, a removal
        // or player protection (a time-out or exclusion, the session-time limit) has said why
        // already (CLOSE_SESSION, QUIT_REQUEST).
        const explained = ['idle', 'quit', 'excluded', 'time-limit'].includes(next.reason ?? '');
        if (!explained)
          toast.error(translateCode(i18n.t, 'errors', ErrorCode.sessionTerminated, ''));
        screen.end();
      }
    },
    onInfo: (info) => showInfo(screen, info),
    onStream: screen.setStream,
  };
}

function showInfo(screen: GameScreen, info: InfoNotification): void {
  const message = translateCode(i18n.t, 'info', info.code, info.message, info.params);
  if (isServerRestarting(info)) {
    // 18820: the screen stays; the connection drops next, reconnects and rejoins the session.
    showServerRestarting(info);
  } else if (info.action === 'SESSION_CLOSE_WARNING') {
    // One toast that counts down in place, not a stack of them (§4, §9 COUNTDOWN_*).
    toast.warning(message, { id: sessionWarningToastId, duration: screen.countdownMs });
    screen.setWarning(message);
  } else if (info.action === 'QUIT_REQUEST') {
    toast.error(i18n.t('game.removed'), { id: sessionWarningToastId });
    screen.setWarning(null);
    screen.end();
  } else if (info.action === 'CLOSE_SESSION') {
    // §4: the credits go back to the wallet before the session ends; the server does the same,
    // so whichever comes first pays and the other finds nothing left.
    toast.error(message, { id: sessionWarningToastId });
    screen.setWarning(null);
    screen
      .cashout()
      .catch(() => undefined)
      .finally(screen.end);
  } else {
    toast.info(message);
  }
}
