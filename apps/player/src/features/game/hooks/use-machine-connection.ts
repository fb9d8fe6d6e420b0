// Binds one MachineConnection to the game screen: its state in React, its notifications as
// toasts, the wallet balance into the shared query cache, and leaving back to the lobby.
import type {
  MachineButton,
  MachineLayout,
  MachineState,
  SlotSessionInfo,
  TouchEvent,
} from '@reelcast/protocol/machine-socket';
import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { applyBalance, balanceQueryKey } from '../../../shared/api/get-balance';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useNavigate } from '../../../shared/router';
import { useSettings } from '../../../shared/settings';
import { toast } from '../../../shared/ui/toast';
import type { ConnectionStatus } from '../api/connection-state';
import { MachineConnection } from '../api/machine-connection';
import { isAckError, NotConnectedError } from '../api/machine-socket';
import {
  type RealityCheck,
  sayInputRefusal,
  useRealityCheck,
  withRealityCheck,
} from './protection-inputs';
import { sessionWarningToastId } from './screen-handlers';

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
  const check = useRealityCheck();
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
    const connection: MachineConnection = new MachineConnection({
      machineId,
      getToken: () => useAuthStore.getState().token,
      iceServers: iceServers ?? [],
      handlers: withRealityCheck(check.show, {
        setStatus,
        setSession,
        setMachine,
        setStream,
        setWarning,
        sessionIdRef,
        machineRef,
        countdownMs,
        end: () => {
          connection.close();
          goToLobbyRef.current();
        },
        cashout: () => connection.cashout(),
      }),
    });
    connectionRef.current = connection;
    connection.setLayout(layoutRef.current);
    connection.start();
    return () => {
      connection.close();
      if (connectionRef.current === connection) connectionRef.current = null;
    };
  }, [machineId, iceServers, countdownMs, check.show]);

  const actions = useMachineActions(connectionRef, machineRef, layoutRef, setWarning, check.show);

  return { status, machine, session, stream, warning, leave, ...check.state, ...actions };
}

/** Stable delegates, so the controls do not re-render with every connection change. */
function useMachineActions(
  connectionRef: RefObject<MachineConnection | null>,
  machineRef: RefObject<MachineState | null>,
  layoutRef: RefObject<MachineLayout>,
  setWarning: Dispatch<SetStateAction<string | null>>,
  showCheck: (check: RealityCheck) => void,
) {
  const queryClient = useQueryClient();
  return useMemo(() => {
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
        void connectionRef.current?.touch(point).then((ack) => sayInputRefusal(ack, showCheck));
      },
      press: (button: MachineButton) => {
        active();
        void connectionRef.current?.press(button).then((ack) => sayInputRefusal(ack, showCheck));
      },
      transfer: async (amountCents: number) => {
        const connection = connectionRef.current;
        if (!connection) throw new NotConnectedError();
        active();
        // §4: autoplay is reset on a money transfer.
        if (machineRef.current?.autoplay) connection.press('auto');
        const ack = await connection.transfer(amountCents);
        // The answer carries the new wallet balance with its ledger entry; the /notice push of
        // the same entry may come a bit later (and is then not applied twice).
        if (!isAckError(ack)) applyBalance(queryClient, ack);
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
  }, [queryClient, connectionRef, machineRef, layoutRef, setWarning, showCheck]);
}
