/**
 * Entry point of the `elftia` command (`pnpm --silent elftia <args>` from the repository root runs
 * `node --import tsx packages/desktop/app/main/host/cli.ts`). The work is in cli/run.ts; this file
 * only binds it to the real process.
 */
import os from 'node:os';
import type { CliIo } from './cli/command';
import { runCli } from './cli/run';

/** After the result is set, give stdout this long to drain before a stray handle could keep the process alive. */
const EXIT_GRACE_MS = 2000;

function onShutdown(listener: (signal: string) => void): () => void {
  const off = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    // With the handlers gone, a second Ctrl+C falls back to Node's default: exit at once.
    off();
    listener(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return off;
}

const io: CliIo = {
  env: process.env,
  platform: process.platform,
  homedir: os.homedir(),
  cwd: process.cwd(),
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stdin: process.stdin,
  stdinIsTTY: process.stdin.isTTY === true,
  onShutdown,
};

const code = await runCli(process.argv.slice(2), io);
process.exitCode = code;
setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref();
