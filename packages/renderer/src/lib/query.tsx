/**
 * Server state in the renderer: TanStack Query, through tRPC's official integration. A component asks
 * `useTRPC()` for a procedure's query options (`useQuery(trpc.providers.list.queryOptions())`), so
 * loading, errors, caching and a refetch after a change come from one library instead of a
 * hand-written effect per screen. Lists that main pushes (servers, conversations, settings) stay
 * subscriptions; a mutation that changes a queried value invalidates that query.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { AppRouter } from '@elftia/desktop/router';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Main is local: no focus refetch or retry storms. A cached answer stays fresh until a mutation or a
 * pushed change invalidates it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export function QueryProvider({ client, children }: { client: TRPCClient<AppRouter>; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
