// Renders a screen as the app would: English translations, a fresh query cache, a router.
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import en from '../locales/en.json';
import { initI18n } from '../shared/i18n';
import { QueryClient } from '../shared/query/query-client';
import { QueryClientProvider } from '../shared/query/query-client-provider';
import { MemoryRouter } from '../shared/router';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

export async function setUpI18n() {
  return initI18n('en', en);
}

export function createTestQueryClient(): QueryClient {
  // Seeded data stays fresh and nothing is retried: a test never reaches for the network.
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

export function renderWithProviders(
  ui: ReactElement,
  { path = '/', queryClient = createTestQueryClient() } = {},
) {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
