import { hydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '../components/layout/ErrorBoundary.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

/** What every render of the app shares, in the browser and on the server (entry-server.tsx). */
export function AppFrame({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}

/** The app in the browser; `state` is the server render's data, when the page came rendered. */
export function App({ state }: { state?: DehydratedState }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (state) hydrate(client, state);
    return client;
  });
  return (
    <AppFrame client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
