import { useEffect, useRef, useState } from 'react';
import { type ElftiaApi, type Subscription, useApi } from './api';

export interface LiveValue<T> {
  /** The latest value; undefined until the first one arrives. */
  data: T | undefined;
  /** Set when the subscription failed; cleared by the next value. */
  error: unknown;
}

const EMPTY: LiveValue<never> = { data: undefined, error: undefined };

/**
 * Follows a subscription for as long as the component is mounted.
 *
 * `select` picks the procedure (e.g. `(api) => api.mcp.onServersChanged`). It is read through a ref
 * because the tRPC proxy hands out a new object on every property access: depending on it would
 * resubscribe on every render. For the same reason the input is compared by value (as JSON): a new
 * `{ id }` object on each render must not resubscribe either, while a different id must.
 */
export function useApiSubscription<T, TInput = undefined>(
  select: (api: ElftiaApi) => Subscription<T, TInput>,
  ...[input]: undefined extends TInput ? [input?: TInput] : [input: TInput]
): LiveValue<T> {
  const api = useApi();
  const selectRef = useRef(select);
  selectRef.current = select;
  const inputKey = JSON.stringify(input ?? null);
  const inputRef = useRef(input);
  inputRef.current = input;
  const [value, setValue] = useState<LiveValue<T>>(EMPTY);

  useEffect(() => {
    // A different input is a different stream: never show the previous one's last value under it.
    setValue((previous) => (previous === EMPTY ? previous : EMPTY));
    const subscription = selectRef.current(api).subscribe(inputRef.current as TInput, {
      onData: (data) => setValue({ data, error: undefined }),
      onError: (error) => setValue((previous) => ({ data: previous.data, error })),
    });
    return () => subscription.unsubscribe();
  }, [api, inputKey]);

  return value;
}
