// The query cache a screen uses, with TanStack Query's names: QueryClientProvider puts a
// QueryClient in context (and lets it listen to the window while it is there), useQueryClient
// reads it.
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import type { QueryClient } from './query-client';

export const QueryClientContext = createContext<QueryClient | undefined>(undefined);

export function QueryClientProvider({
  client,
  children,
}: {
  client: QueryClient;
  children?: ReactNode;
}) {
  useEffect(() => {
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext value={client}>{children}</QueryClientContext>;
}

/** The enclosing provider's client; a component outside every provider is a mistake, said so. */
export function useQueryClient(queryClient?: QueryClient): QueryClient {
  const client = useContext(QueryClientContext);
  if (queryClient) return queryClient;
  if (!client) throw new Error('No QueryClient set, use QueryClientProvider to set one');
  return client;
}
