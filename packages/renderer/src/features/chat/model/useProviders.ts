import { useEffect, useState } from 'react';
import type { ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { useApi } from '../../../lib/api';

/**
 * The configured providers for the picker, read when the chat view opens: they change only in
 * Settings → Providers, which is a different view.
 */
export function useProviders(): { providers: ProviderRecord[] | undefined; error: unknown } {
  const api = useApi();
  const [providers, setProviders] = useState<ProviderRecord[]>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    let live = true;
    api.providers.list.query().then(
      (records) => live && setProviders(records),
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return { providers, error };
}
