import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProviderModelsResult, ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { useApi } from '../../../lib/api';
import { useTRPC } from '../../../lib/query';

/** One provider's list as the picker shows it: loading, the provider's answer, or a call that failed. */
export type ModelListState = { kind: 'loading' } | { kind: 'done'; result: ProviderModelsResult } | { kind: 'failed'; error: unknown };

export interface ProviderModels {
  lists: ReadonlyMap<string, ModelListState>;
  refreshing: boolean;
  /** Asks each provider (or the one given) again; main caches the new answer. */
  refresh: (providerId?: string) => Promise<void>;
}

/**
 * The models each provider lists (`providers.models`, cached per provider in main and here), read
 * only while `enabled` (the picker is open), so a closed picker asks no provider anything.
 */
export function useProviderModels(providers: readonly ProviderRecord[], enabled: boolean): ProviderModels {
  const trpc = useTRPC();
  const api = useApi();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const queries = useQueries({ queries: providers.map((provider) => ({ ...trpc.providers.models.queryOptions({ id: provider.id }), enabled })) });
  const lists = new Map<string, ModelListState>();
  providers.forEach((provider, index) => {
    const query = queries[index];
    if (query?.data) lists.set(provider.id, { kind: 'done', result: query.data });
    else if (query?.error) lists.set(provider.id, { kind: 'failed', error: query.error });
    else lists.set(provider.id, { kind: 'loading' });
  });

  async function refresh(providerId?: string) {
    setRefreshing(true);
    try {
      const ids = providerId ? [providerId] : providers.map((provider) => provider.id);
      await Promise.all(
        ids.map(async (id) => {
          const queryKey = trpc.providers.models.queryKey({ id });
          try {
            queryClient.setQueryData(queryKey, await api.providers.refreshModels.mutate({ id }));
          } catch {
            // The query shows the failure the next time it runs.
            await queryClient.invalidateQueries({ queryKey });
          }
        }),
      );
    } finally {
      setRefreshing(false);
    }
  }

  return { lists, refreshing, refresh };
}
