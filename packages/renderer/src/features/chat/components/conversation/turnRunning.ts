import { createContext, useContext } from 'react';

/**
 * Whether a turn runs in the conversation right now, as MessageList last rendered it: a ref, so
 * reading it re-renders nothing. The message groups learn of a new turn a step at a time
 * (useStaggeredRunning), so an older question's Edit can stay on screen for a few frames after the
 * turn started; its click asks this first and does nothing then, instead of opening an editor whose
 * Save the running turn would refuse.
 */
export const TurnRunningContext = createContext<{ readonly current: boolean }>({ current: false });

export function useTurnRunning(): { readonly current: boolean } {
  return useContext(TurnRunningContext);
}
