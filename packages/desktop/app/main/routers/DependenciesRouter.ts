import { z } from 'zod';
import { DEPENDENCY_COMMANDS, type DependencyInstallResult } from '../../shared/contracts/dependencies';
import type { DependencyCheckService } from '../runtimes/DependencyCheckService';
import { publicProcedure, router } from './trpc';

const commandSchema = z.strictObject({ command: z.enum(DEPENDENCY_COMMANDS) });

/** What an install subscription yields: the installer's output line by line, then its result. */
export type DependencyInstallEvent = { type: 'output'; line: string } | { type: 'result'; result: DependencyInstallResult };

/**
 * Runs the install and turns its callbacks into a stream. Leaving (the dialog closed, the window
 * gone) aborts `signal`, which cancels this caller's install and kills the installer.
 */
async function* installEvents(service: DependencyCheckService, command: (typeof DEPENDENCY_COMMANDS)[number], signal: AbortSignal | undefined) {
  const queue: DependencyInstallEvent[] = [];
  let wake: (() => void) | undefined;
  const push = (event: DependencyInstallEvent) => {
    queue.push(event);
    wake?.();
  };
  const finished = service
    .installCommand(command, { signal, onOutput: (line) => push({ type: 'output', line }) })
    .then((result) => push({ type: 'result', result }));
  // Handled here as well: a rejection while the generator is suspended in a yield must not count as
  // unhandled (Node would end the process); the race below still rethrows it into the stream.
  finished.catch(() => undefined);
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    for (;;) {
      if (queue.length === 0) {
        // A rejected install (a bug, not a failed installer) ends the stream with its error.
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), finished]);
        wake = undefined;
      }
      if (signal?.aborted) return;
      const event = queue.shift();
      if (!event) continue;
      yield event;
      if (event.type === 'result') return;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

export const dependenciesRouter = router({
  /** Whether the command runs on the servers' PATH, its version and path. Never starts a server. */
  check: publicProcedure.input(commandSchema).query(({ ctx, input }) => ctx.services.dependencies.check(input.command)),
  /** node, npm, npx, uv and uvx at once (the Tools tab's runtime panel). */
  checkAll: publicProcedure.query(({ ctx }) => ctx.services.dependencies.checkAll()),
  /** What an install would run on this system, shown before the user agrees. Runs nothing. */
  plan: publicProcedure.input(commandSchema).query(({ ctx, input }) => ctx.services.dependencies.describeInstall(input.command)),
  /** Installs the runtime that provides the command, streaming its output; unsubscribing cancels it. */
  install: publicProcedure
    .input(commandSchema)
    .subscription(({ ctx, input, signal }) => installEvents(ctx.services.dependencies, input.command, signal)),
});
