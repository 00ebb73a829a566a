/** Proof that the bench cleaned up: no process it started (or their children) still runs. */
import { collectTree, readProcessTable } from '../../app/main/mcp/process/processTable';

/** Live descendants of this process (zombies excluded: they have exited and hold nothing). */
export async function liveDescendantPids(): Promise<number[]> {
  const tree = collectTree(process.pid, await readProcessTable(process.platform));
  return tree.map((info) => info.pid).filter((pid) => pid !== process.pid);
}

/**
 * Waits up to `timeoutMs` for every descendant not in `ignored` to be gone; returns those still alive.
 * `ignored` holds what ran before the bench started anything (tsx's esbuild service).
 */
export async function leftoverPids(ignored: ReadonlySet<number>, timeoutMs = 3000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pids = (await liveDescendantPids()).filter((pid) => !ignored.has(pid));
    if (pids.length === 0 || Date.now() >= deadline) return pids;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
