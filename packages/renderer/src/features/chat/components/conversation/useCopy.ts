import { useEffect, useState } from 'react';

/** How long the button says "Copied", in milliseconds. */
const COPIED_MS = 2000;

export type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text to the clipboard and says for a moment whether it worked. */
export function useCopy(): { state: CopyState; copy(text: string): Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  async function copy(text: string) {
    try {
      // Refused without a secure context or the page's focus; the user is told, not left guessing.
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return { state, copy };
}
