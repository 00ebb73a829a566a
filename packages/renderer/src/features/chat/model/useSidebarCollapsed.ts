import { useCallback, useState } from 'react';

/** Remembered per browser profile (Electron: the app's), like the window size. */
const STORAGE_KEY = 'elftia.sidebarCollapsed';

function readStored(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether the conversation sidebar is folded to its rail; the choice outlives a reload. */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(readStored);
  const set = useCallback((next: boolean) => {
    setCollapsed(next);
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, String(next));
    } catch {
      // Unavailable storage only costs remembering the choice.
    }
  }, []);
  return [collapsed, set];
}
