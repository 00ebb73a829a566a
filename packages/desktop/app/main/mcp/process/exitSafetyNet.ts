/**
 * The one process-wide part of process tracking: when the process exits (process.exit, an uncaught
 * exception, the end of the event loop) nothing asynchronous can run any more, so a single 'exit'
 * listener synchronously kills the trees of every live tracker. Trackers join when created and leave
 * when disposed; the listener is installed while at least one is live.
 */

/** What the safety net needs of a tracker. */
export interface SyncKillable {
  /** SIGKILLs every tracked process tree; never throws. */
  killAllSync(): void;
}

const live = new Set<SyncKillable>();

function killEveryLiveTree(): void {
  for (const tracker of live) {
    try {
      tracker.killAllSync();
    } catch {
      // keep going: the other trackers' trees must still die
    }
  }
}

export function joinExitSafetyNet(tracker: SyncKillable): void {
  if (live.size === 0) process.on('exit', killEveryLiveTree);
  live.add(tracker);
}

export function leaveExitSafetyNet(tracker: SyncKillable): void {
  if (!live.delete(tracker)) return;
  if (live.size === 0) process.off('exit', killEveryLiveTree);
}

/** How many trackers the safety net covers (for tests). */
export function liveTrackerCount(): number {
  return live.size;
}
