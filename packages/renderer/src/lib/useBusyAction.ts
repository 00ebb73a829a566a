import { useState } from 'react';
import { type DisplayError, toDisplayError } from './appError';

/**
 * One button's request to main: `busy` while it travels, and the failure to show under it (cleared
 * when the next one starts). `exclusive` ignores a second request while one is in flight, for actions
 * that must not overlap (starting a sign-in twice).
 */
export function useBusyAction({ exclusive = false }: { exclusive?: boolean } = {}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();

  async function run(action: () => Promise<unknown>): Promise<void> {
    if (exclusive && busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await action();
    } catch (error) {
      setFailure(toDisplayError(error));
    } finally {
      setBusy(false);
    }
  }

  return { busy, failure, setFailure, run };
}
