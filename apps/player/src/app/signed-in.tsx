// What only a signed-in player needs, in one chunk loaded with their first page: the query cache,
// the notice connection and the jackpot toast. The login screen loads none of it (issue 22).
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { JackpotWinToast } from '../features/lobby/components/jackpot-win-toast';
import { queryClient } from '../shared/api/query-client';
import { Outlet } from '../shared/router';
import { NoticeConnection } from './notice-connection';

/** The layout route of the signed-in pages: the app's query cache, or a test's own. */
export function SignedInPages() {
  const enclosing = useContext(QueryClientContext);
  return (
    <QueryClientProvider client={enclosing ?? queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

/** Mounted once beside the routes while signed in. */
export function SignedInServices() {
  return (
    <QueryClientProvider client={queryClient}>
      <NoticeConnection />
      <JackpotWinToast />
    </QueryClientProvider>
  );
}
