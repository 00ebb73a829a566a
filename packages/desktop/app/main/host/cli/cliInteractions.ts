/**
 * The CLI's side of what servers ask (interactions/): services opened with the browser opener, and
 * the terminal answerer (terminalInteractions.ts) following their broker while a command runs.
 */
import { Readable } from 'node:stream';
import type { AppServices } from '../../index';
import { LineReader } from './chatApproval';
import type { CommandContext } from './command';
import { browserOpener } from './openInBrowser';
import { answerOnTerminal } from './terminalInteractions';

/** Services whose URL elicitations open the platform's browser once the user said yes. */
export function openInteractiveServices(ctx: CommandContext): AppServices {
  return ctx.openServices({ openExternal: browserOpener(ctx.io.platform) });
}

/**
 * Answers the services' interactions on the terminal: with stdin's lines when stdin is a terminal
 * (`lines` given: shared with the approval prompt, which reads the same stdin), else by declining.
 */
export function followInteractions(ctx: CommandContext, services: AppServices, lines?: LineReader): { close(): void } {
  const own = lines === undefined && ctx.io.stdinIsTTY === true ? new LineReader(ctx.io.stdin ?? Readable.from([])) : undefined;
  const reader = ctx.io.stdinIsTTY === true ? (lines ?? own) : undefined;
  const stop = answerOnTerminal({ broker: services.interactions, lines: reader, stderr: ctx.io.stderr, t: ctx.t });
  return {
    close() {
      stop();
      own?.close();
    },
  };
}
