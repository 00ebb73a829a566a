/**
 * A heavy module (the highlighter, KaTeX and its CSS) loaded with a dynamic import the first time
 * something on screen needs it, so the first screen does not pay for it. Components read it with
 * useLazyModule and render a plain fallback until it arrives, then re-render with it.
 */
import { useEffect, useSyncExternalStore } from 'react';

export interface LazyModule<T> {
  /** The module, once loaded. */
  current(): T | undefined;
  /** Starts loading (once); a failed load (a missing chunk) leaves the fallback in place. */
  load(): void;
  subscribe(listener: () => void): () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let started = false;
  const listeners = new Set<() => void>();
  return {
    current: () => value,
    load() {
      if (started) return;
      started = true;
      importer().then(
        (loaded) => {
          value = loaded;
          for (const listener of listeners) listener();
        },
        (error: unknown) => console.error('A renderer module failed to load', error),
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The module when loaded; asks for it while `wanted`. */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean): T | undefined {
  const value = useSyncExternalStore(module.subscribe, module.current);
  useEffect(() => {
    if (wanted && value === undefined) module.load();
  }, [module, wanted, value]);
  return value;
}
