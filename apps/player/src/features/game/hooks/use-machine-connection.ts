// Binds one MachineConnection to the game screen: its state in React, its notifications as
// toasts, the wallet balance into the shared query cache, and leaving back to the lobby.
import type {
  MachineButton,
  MachineLayout,
  MachineState,
  SlotSessionInfo,
  TouchEvent,
} from '@reelcast/protocol/machine-socket';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { balanceQueryKey, setBalanceCents } from '../../../shared/api/get-balance';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { i18n, translateCode } from '../../../shared/i18n';
import { useSettings } from '../../../shared/settings';
import {
  type ConnectionStatus,
  isAckError,
  MachineConnection,
  NotConnectedError,
} from '../api/machine-connection';

export const sessionWarningToastId = 'session-close-warning';

export function useMachineConnection(machineId: number) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const iceServers = useSettings((settings) => settings.ICE_SERVERS);
  const countdownMs = useSettings((settings) => settings.COUNTDOWN_AUTO_CLOSE_MS);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [machine, setMachine] = useState<MachineState | null>(null);
  const [session, setSession] = useState<SlotSessionInfo | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  /** The session-close warning being shown, for the screen's assertive live region. */
  const [warning, setWarning] = useState<string | null>(null);
  const connectionRef = useRef<MachineConnection | null>(null);
  const sessionIdRef = useRef<number | null>(null);
  const machineRef = useRef<MachineState | null>(null);
  /** The screen layout the player wants; a new connection asks for it once joined. */
  const layoutRef = useRef<MachineLayout>('landscape');

  const goToLobby = useCallback(() => {
    toast.dismiss(sessionWarningToastId);
    // The lobby header shows the wallet again; make sure it is fresh after the cash moves here.
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    navigate('/lobby', { replace: true });
  }, [navigate, queryClient]);

  /** The player leaves: the session is cashed out and closed, video and socket shut. */
  const leave = useCallback(() => {
    const connection = connectionRef.current;
    connectionRef.current = null;
    void (connection?.leave() ?? Promise.resolve()).finally(goToLobby);
  }, [goToLobby]);

  // The connection's handlers call the latest goToLobby without reconnecting when it changes.
  const goToLobbyRef = useRef(goToLobby);
  useEffect(() => {
    goToLobbyRef.current = goToLobby;
  }, [goToLobby]);

  useEffect(() => {
    const end = () => {
      connection.close();
      goToLobbyRef.current();
    };
    // i18n.t (not a hook's t) so a message arriving after a language switch uses the new one.
    const connection = new MachineConnection({
      machineId,
      getToken: () => useAuthStore.getState().token,
      iceServers: iceServers ?? [],
      handlers: {
        onStatus: setStatus,
        onJoined: (joinedSession, joinedMachine) => {
          sessionIdRef.current = joinedSession.id;
          machineRef.current = joinedMachine;
          setSession(joinedSession);
          setMachine(joinedMachine);
        },
        onRefused: (error) => {
          toast.error(
            translateCode(i18n.t, 'errors', error.code, error.ErrorMessage, error.Params),
          );
          end();
        },
        onMachine: (next) => {
          machineRef.current = next;
          setMachine(next);
        },
        onBalance: (balanceCents) => setBalanceCents(queryClient, balanceCents),
        onSession: (next) => {
          const ours = sessionIdRef.current;
          // A notice about another player's session on this machine is not ours.
          if (ours !== null && next.id !== ours) return;
          sessionIdRef.current = next.id;
          setSession(next);
          if (next.status === 'closed') {
            // Our slot session ended on the server: nothing left to play. An idle close or a
            // removal has said why already (CLOSE_SESSION, QUIT_REQUEST).
            const explained = next.machine_status === 'idle' || next.machine_status === 'quit';
            if (!explained) toast.error(translateCode(i18n.t, 'errors', 50100, ''));
            end();
          }
        },
        onInfo: (info) => {
          const message = translateCode(i18n.t, 'info', info.code, info.message, info.params);
          if (info.action === 'SESSION_CLOSE_WARNING') {
            // One toast that counts down in place, not a stack of them (§4, §9 COUNTDOWN_*).
            toast.warning(message, { id: sessionWarningToastId, duration: countdownMs });
            setWarning(message);
          } else if (info.action === 'QUIT_REQUEST') {
            toast.error(i18n.t('game.removed'), { id: sessionWarningToastId });
            setWarning(null);
            end();
          } else if (info.action === 'CLOSE_SESSION') {
            // §4: the credits go back to the wallet before the session ends; the server does
            // the same, so whichever comes first pays and the other finds nothing left.
            toast.error(message, { id: sessionWarningToastId });
            setWarning(null);
            connection
              .cashout()
              .catch(() => undefined)
              .finally(end);
          } else {
            toast.info(message);
          }
        },
        onStream: setStream,
      },
    });
    connectionRef.current = connection;
    connection.setLayout(layoutRef.current);
    connection.start();
    return () => {
      connection.close();
      if (connectionRef.current === connection) connectionRef.current = null;
    };
  }, [machineId, iceServers, countdownMs, queryClient]);

  // Stable delegates, so the controls do not re-render with every connection change.
  const actions = useMemo(() => {
    /** The player did something: a running countdown is over (the server restarts its clock). */
    const active = () => {
      setWarning((current) => {
        if (current) toast.dismiss(sessionWarningToastId);
        return null;
      });
    };
    return {
      touch: (point: TouchEvent) => {
        active();
        connectionRef.current?.touch(point);
      },
      press: (button: MachineButton) => {
        active();
        connectionRef.current?.press(button);
      },
      transfer: async (amountCents: number) => {
        const connection = connectionRef.current;
        if (!connection) throw new NotConnectedError();
        active();
        // §4: autoplay is reset on a money transfer.
        if (machineRef.current?.autoplay) connection.press('auto');
        const ack = await connection.transfer(amountCents);
        // The answer carries the new wallet balance; the `balance` push may come a bit later.
        if (!isAckError(ack) && typeof ack.balance === 'number') {
          setBalanceCents(queryClient, ack.balance);
        }
        return ack;
      },
      cashout: () => {
        active();
        if (machineRef.current?.autoplay) connectionRef.current?.press('auto');
        return connectionRef.current?.cashout() ?? Promise.reject(new NotConnectedError());
      },
      setQuality: (band: string) =>
        connectionRef.current?.setQuality(band) ?? Promise.reject(new NotConnectedError()),
      setLayout: (layout: MachineLayout) => {
        layoutRef.current = layout;
        connectionRef.current?.setLayout(layout);
      },
      ping: () => connectionRef.current?.ping() ?? Promise.resolve(null),
      peer: () => connectionRef.current?.peerConnection ?? null,
    };
  }, [queryClient]);

  return { status, machine, session, stream, warning, leave, ...actions };
}
