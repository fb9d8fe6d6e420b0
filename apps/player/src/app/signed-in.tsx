// What only a signed-in player needs, in one chunk loaded with their first page: the query cache,
// what screens hear of the notice connection, and the jackpot toast; the connection itself once
// the first screen is up. The login screen loads none of it (issue 22).
import type { Machine } from '@reelcast/protocol/http';
import { lazy, Suspense, useContext } from 'react';
import { JackpotWinToast } from '../features/lobby/components/jackpot-win-toast';
import { queryClient } from '../shared/api/query-client';
import { afterFirstScreen, loadAllStyles } from '../shared/first-screen';
import { loadAllTranslations } from '../shared/i18n';
import { MachineActionsContext } from '../shared/machine-actions';
import { QueryClientContext, QueryClientProvider } from '../shared/query/query-client-provider';
import { Outlet } from '../shared/router';

// The notification connection (§7), in the signed-in extras' chunk: it waited for the first screen
// to load socket.io already (shared/socket/notice-socket.ts).
const NoticeConnection = lazy(() =>
  afterFirstScreen()
    .then(() => import('./signed-in-extras'))
    .then((module) => ({ default: module.NoticeConnection })),
);

// The wait list's ready prompt (issue #18), on every screen; loaded once the first one is up.
const ReadyPrompt = lazy(() =>
  afterFirstScreen()
    .then(() =>
      Promise.all([import('../features/wait-list/components/ready-prompt'), loadAllTranslations()]),
    )
    .then(([module]) => ({ default: module.ReadyPrompt })),
);

// Watch and the wait list on the lobby card of a machine someone else holds: loaded once the
// lobby is up, and only when such a machine is listed.
const BusyMachineActions = lazy(() =>
  afterFirstScreen()
    .then(() =>
      Promise.all([
        import('../features/spectate/components/watch-action'),
        import('../features/wait-list/components/wait-list-action'),
        loadAllTranslations(),
      ]),
    )
    .then(([watch, waitList]) => ({
      default: ({ machine }: { machine: Machine }) => (
        <>
          <watch.WatchAction machine={machine} />
          <waitList.WaitListAction machine={machine} />
        </>
      ),
    })),
);
const busyMachineActions = (machine: Machine) =>
  machine.status === 'playing' || machine.status === 'waiting' || machine.status === 'reserved' ? (
    <Suspense fallback={null}>
      <BusyMachineActions machine={machine} />
    </Suspense>
  ) : null;

/** /watch/:machineId (issue #18): the spectator's page and its video code, in a chunk of its own. */
export function loadWatchPage() {
  return Promise.all([
    import('../features/spectate/components/watch-page'),
    loadAllTranslations(),
    loadAllStyles(),
  ]).then(([module]) => module.WatchPage);
}

/** The layout route of the signed-in pages: the app's query cache, or a test's own. */
export function SignedInPages() {
  const enclosing = useContext(QueryClientContext);
  return (
    <QueryClientProvider client={enclosing ?? queryClient}>
      <MachineActionsContext.Provider value={busyMachineActions}>
        <Outlet />
      </MachineActionsContext.Provider>
    </QueryClientProvider>
  );
}

/** Mounted once beside the routes while signed in. */
export function SignedInServices() {
  return (
    <QueryClientProvider client={queryClient}>
      <JackpotWinToast />
      <Suspense fallback={null}>
        <NoticeConnection />
        <ReadyPrompt />
      </Suspense>
    </QueryClientProvider>
  );
}
