import { useQuery } from '@tanstack/react-query';
import type { ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { useTRPC } from '../../../lib/query';

/**
 * The configured providers for the picker. Cached with the query `providers.list`, which Settings →
 * Providers invalidates after every change, so the chat shows a provider added there at once.
 */
export function useProviders(): { providers: ProviderRecord[] | undefined; error: unknown } {
  const trpc = useTRPC();
  const { data, error } = useQuery(trpc.providers.list.queryOptions());
  return { providers: data, error: error ?? undefined };
}
