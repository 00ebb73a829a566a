import { useEffect, useState } from 'react';

/**
 * Moves focus to an element by id once the next render has put it in the document — a row just
 * added, or the "Add" button after its row was removed (otherwise focus falls back to <body>).
 */
export function useFocusAfterRender(): (id: string) => void {
  const [target, setTarget] = useState<string>();
  useEffect(() => {
    if (!target) return;
    document.getElementById(target)?.focus();
    setTarget(undefined);
  }, [target]);
  return setTarget;
}
