import { useEffect, useRef } from 'react';

/**
 * Scrolls the element into view each time `shown` changes to a value: a failure that belongs to no
 * field sits at the top of a form, out of sight of the Save button at its bottom in a small window
 * (e2e/layout.spec.ts), where nothing would seem to happen.
 */
export function useRevealOnShow<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);
  return ref;
}
