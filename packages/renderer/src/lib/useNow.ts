import { useEffect, useState } from 'react';

/**
 * The current time (epoch ms), updated every `intervalMs` while `active` — an elapsed-time display
 * that ticks only while something runs, so finished tool calls cost no timers.
 */
export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}
