/**
 * A random tag in the environment of every process tree Elftia starts (a server, a package download).
 * Children inherit their parent's environment, so a leftover found at the next start can be proved
 * ours even after its root exited and nothing links it to the PID we recorded any more.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** The variable that carries the tag. */
export const TREE_MARKER_ENV = 'ELFTIA_PROCESS_TREE';

export function newTreeMarker(): string {
  return randomUUID();
}

/**
 * Whether the process started with `marker` in its environment: true or false on Linux, where
 * /proc/<pid>/environ holds the environment it was started with; null where that cannot be read
 * (another OS, another user's process, a process that made itself non-dumpable, already gone).
 */
export async function carriesTreeMarker(pid: number, marker: string, platform: NodeJS.Platform): Promise<boolean | null> {
  if (platform !== 'linux') return null;
  let environ: string;
  try {
    environ = await readFile(`/proc/${pid}/environ`, 'utf8');
  } catch {
    return null;
  }
  return environ.split('\0').includes(`${TREE_MARKER_ENV}=${marker}`);
}
