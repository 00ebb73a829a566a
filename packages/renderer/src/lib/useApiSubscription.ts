import { useEffect, useRef, useState } from 'react';
import { type ElftiaApi, type Subscription, useApi } from './api';

export interface LiveValue<T> {
  /** The latest value; undefined until the first one arrives. */
  data: T | undefined;
  /** Set when the subscription failed; cleared by the next value. */
  error: unknown;
}

const EMPTY: LiveValue<never> = { data: undefined, error: undefined };

type InputArgs<TInput> = undefined extends TInput ? [input?: TInput] : [input: TInput];

/**
 * Follows a subscription for as long as the component is mounted, folding each value into the
 * state with `reduce` (a stream of additions, such as mcp.onLogs, is kept whole this way).
 *
 * `select` picks the procedure (e.g. `(api) => api.mcp.onLogs`). It and `reduce` are read through
 * refs because the tRPC proxy hands out a new object on every property access: depending on it
 * would resubscribe on every render. For the same reason the input is compared by value (as JSON):
 * a new `{ id }` object on each render must not resubscribe either, while a different id must.
 */
export function useReducedSubscription<T, S, TInput = undefined>(
  select: (api: ElftiaApi) => Subscription<T, TInput>,
  reduce: (state: S | undefined, value: T) => S,
  ...[input]: InputArgs<TInput>
): LiveValue<S> {
  const api = useApi();
  const selectRef = useRef(select);
  selectRef.current = select;
  const reduceRef = useRef(reduce);
  reduceRef.current = reduce;
  const inputKey = JSON.stringify(input ?? null);
  const inputRef = useRef(input);
  inputRef.current = input;
  const [value, setValue] = useState<LiveValue<S>>(EMPTY);

  useEffect(() => {
    // A different input is a different stream: never show the previous one's last value under it.
    setValue((previous) => (previous === EMPTY ? previous : EMPTY));
    const subscription = selectRef.current(api).subscribe(inputRef.current as TInput, {
      onData: (data) => setValue((previous) => ({ data: reduceRef.current(previous.data, data), error: undefined })),
      onError: (error) => setValue((previous) => ({ data: previous.data, error })),
    });
    return () => subscription.unsubscribe();
  }, [api, inputKey]);

  return value;
}

const latest = <T,>(_state: T | undefined, value: T): T => value;

/** Follows a subscription whose every value replaces the previous one (a whole list, a snapshot). */
export function useApiSubscription<T, TInput = undefined>(
  select: (api: ElftiaApi) => Subscription<T, TInput>,
  ...input: InputArgs<TInput>
): LiveValue<T> {
  return useReducedSubscription<T, T, TInput>(select, latest, ...input);
}
