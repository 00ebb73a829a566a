import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { RegistrySearchResult } from '@elftia/desktop/shared/contracts/registry.ts';
import { useApi } from '../../../../../../lib/api';

/** Every registry query's key starts with this: a new registry URL or an install invalidates them all. */
export const REGISTRY_QUERY_KEY = ['registry', 'search'] as const;

export interface RegistrySearchState {
  pages: readonly RegistrySearchResult[];
  /** The newest page: its `offline`, `fetchedAt` and `registryUrl` describe what is shown. */
  last: RegistrySearchResult | undefined;
  loading: boolean;
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  /** Rejections are kept in `loadMoreError`, never thrown. */
  loadMore: () => void;
  loadMoreError: unknown;
}

/**
 * The registry's pages for a query, followed with the registry's own cursors (TanStack's infinite
 * query): "Load more" asks for the page after the last one, and a new query starts again at the
 * first. Main answers from its cache, marked offline, when the registry cannot be reached.
 */
export function useRegistrySearch(query: string, includeInactive: boolean): RegistrySearchState {
  const api = useApi();
  const search = useInfiniteQuery<RegistrySearchResult, Error, InfiniteData<RegistrySearchResult, string | undefined>, readonly unknown[], string | undefined>({
    queryKey: [...REGISTRY_QUERY_KEY, query, includeInactive],
    queryFn: ({ pageParam }) => api.registry.search.query({ query, includeInactive, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined,
    getNextPageParam: (page) => page.nextCursor,
    // Each visit asks the registry again; the pages shown meanwhile stay.
    staleTime: 0,
  });
  const pages = search.data?.pages ?? [];
  return {
    pages,
    last: pages.at(-1),
    loading: search.isPending,
    error: search.isError && pages.length === 0 ? search.error : undefined,
    hasMore: search.hasNextPage,
    loadingMore: search.isFetchingNextPage,
    loadMore: () => void search.fetchNextPage(),
    loadMoreError: search.isFetchNextPageError ? search.error : undefined,
  };
}
