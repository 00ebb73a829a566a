import { z } from 'zod';
import { DEPENDENCY_COMMANDS, type DependencyInstallResult } from '../../shared/contracts/dependencies';
import type { DependencyCheckService } from '../runtimes/DependencyCheckService';
import { pushIterator } from '../lib/pushIterator';
import { publicProcedure, router } from './trpc';

const commandSchema = z.strictObject({ command: z.enum(DEPENDENCY_COMMANDS) });

/** What an install subscription yields: the installer's output line by line, then its result. */
export type DependencyInstallEvent = { type: 'output'; line: string } | { type: 'result'; result: DependencyInstallResult };

/**
 * Runs the install and turns its callbacks into a stream. Leaving (the dialog closed, the window
 * gone) aborts `signal`, which cancels this caller's install and kills the installer.
 */
async function* installEvents(service: DependencyCheckService, command: (typeof DEPENDENCY_COMMANDS)[number], signal: AbortSignal | undefined) {
  yield* pushIterator<DependencyInstallEvent>(
    (sink) => {
      // A rejected install (a bug, not a failed installer) ends the stream with its error, after the lines before it.
      service.installCommand(command, { signal, onOutput: (line) => sink.push({ type: 'output', line }) }).then(
        (result) => {
          sink.push({ type: 'result', result });
          sink.end();
        },
        (error: unknown) => sink.fail(error),
      );
    },
    { signal },
  );
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
