import { useEffect, useRef, useState } from 'react';
import { type ElftiaApi, type Subscription, useApi } from './api';

export interface LiveValue<T> {
  /** The latest value; undefined until the first one arrives. */
  data: T | undefined;
  /** Set when the subscription failed; cleared by the next value. */
  error: unknown;
}

/**
 * Follows a subscription for as long as the component is mounted.
 *
 * `select` picks the procedure (e.g. `(api) => api.mcp.onServersChanged`). It is read through a ref
 * because the tRPC proxy hands out a new object on every property access: depending on it would
 * resubscribe on every render.
 */
export function useApiSubscription<T>(select: (api: ElftiaApi) => Subscription<T>): LiveValue<T> {
  const api = useApi();
  const selectRef = useRef(select);
  selectRef.current = select;
  const [value, setValue] = useState<LiveValue<T>>({ data: undefined, error: undefined });

  useEffect(() => {
    const subscription = selectRef.current(api).subscribe(undefined, {
      onData: (data) => setValue({ data, error: undefined }),
      onError: (error) => setValue((previous) => ({ data: previous.data, error })),
    });
    return () => subscription.unsubscribe();
  }, [api]);

  return value;
}
