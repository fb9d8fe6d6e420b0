// Binds one MachineConnection to the game screen: its state in React, its notifications as
// toasts, the wallet balance into the shared query cache, and leaving back to the lobby.
import type {
  MachineButton,
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

const sessionWarningToastId = 'session-close-warning';

export function useMachineConnection(machineId: number) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const iceServers = useSettings((settings) => settings.ICE_SERVERS);
  const countdownMs = useSettings((settings) => settings.COUNTDOWN_AUTO_CLOSE_MS);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [machine, setMachine] = useState<MachineState | null>(null);
  const [session, setSession] = useState<SlotSessionInfo | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const connectionRef = useRef<MachineConnection | null>(null);
  const sessionIdRef = useRef<number | null>(null);

  const leave = useCallback(() => {
    connectionRef.current?.close();
    // The lobby header shows the wallet again; make sure it is fresh after the cash moves here.
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    navigate('/lobby', { replace: true });
  }, [navigate, queryClient]);
  // The connection's handlers call the latest leave without reconnecting when it changes.
  const leaveRef = useRef(leave);
  useEffect(() => {
    leaveRef.current = leave;
  }, [leave]);

  useEffect(() => {
    // i18n.t (not a hook's t) so a message arriving after a language switch uses the new one.
    const connection = new MachineConnection({
      machineId,
      getToken: () => useAuthStore.getState().token,
      iceServers: iceServers ?? [],
      handlers: {
        onStatus: setStatus,
        onJoined: (joinedSession, joinedMachine) => {
          sessionIdRef.current = joinedSession.id;
          setSession(joinedSession);
          setMachine(joinedMachine);
        },
        onRefused: (error) => {
          toast.error(
            translateCode(i18n.t, 'errors', error.code, error.ErrorMessage, error.Params),
          );
          leaveRef.current();
        },
        onMachine: setMachine,
        onBalance: (balanceCents) => setBalanceCents(queryClient, balanceCents),
        onSession: (next) => {
          const ours = sessionIdRef.current;
          // A notice about another player's session on this machine is not ours.
          if (ours !== null && next.id !== ours) return;
          sessionIdRef.current = next.id;
          setSession(next);
          if (next.status === 'closed') {
            // Our slot session ended on the server (grace time, operator): nothing left to play.
            toast.error(translateCode(i18n.t, 'errors', 50100, ''));
            leaveRef.current();
          }
        },
        onInfo: (info) => {
          const message = translateCode(i18n.t, 'info', info.code, info.message, info.params);
          if (info.action === 'SESSION_CLOSE_WARNING') {
            // One toast that updates as the countdown runs, not a stack of them (§4).
            toast.warning(message, { id: sessionWarningToastId, duration: countdownMs });
          } else if (info.action === 'QUIT_REQUEST') {
            toast.error(i18n.t('game.removed'));
            leaveRef.current();
          } else if (info.action === 'CLOSE_SESSION') {
            // §4: the credits go back to the wallet before the session ends.
            toast.error(message);
            connection
              .cashout()
              .catch(() => undefined)
              .finally(() => leaveRef.current());
          } else {
            toast.info(message);
          }
        },
        onStream: setStream,
      },
    });
    connectionRef.current = connection;
    connection.start();
    return () => {
      connection.close();
      if (connectionRef.current === connection) connectionRef.current = null;
    };
  }, [machineId, iceServers, countdownMs, queryClient]);

  // Stable delegates, so the controls do not re-render with every connection change.
  const actions = useMemo(
    () => ({
      touch: (point: TouchEvent) => connectionRef.current?.touch(point),
      press: (button: MachineButton) => connectionRef.current?.press(button),
      transfer: async (amountCents: number) => {
        const connection = connectionRef.current;
        if (!connection) throw new NotConnectedError();
        const ack = await connection.transfer(amountCents);
        // The answer carries the new wallet balance; the `balance` push may come a bit later.
        if (!isAckError(ack) && typeof ack.balance === 'number') {
          setBalanceCents(queryClient, ack.balance);
        }
        return ack;
      },
      cashout: () => connectionRef.current?.cashout() ?? Promise.reject(new NotConnectedError()),
    }),
    [queryClient],
  );

  return { status, machine, session, stream, leave, ...actions };
}
