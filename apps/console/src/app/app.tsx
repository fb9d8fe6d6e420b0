import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '../shared/i18n';
import { ErrorBoundary } from '../shared/ui/error-boundary';
import { ConsoleRoutes } from './router';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 5_000 },
      mutations: { retry: false },
    },
  });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ErrorBoundary>
          <BrowserRouter basename="/console">
            <ConsoleRoutes />
          </BrowserRouter>
        </ErrorBoundary>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
