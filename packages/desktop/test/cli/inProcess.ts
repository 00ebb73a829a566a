/**
 * runCli inside the test process with a captured io: no tsx start-up per command, while the MCP
 * servers it starts are still real child processes.
 */
import type { CliIo } from '../../app/main/host/cli/command';
import { runCli } from '../../app/main/host/cli/run';

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface InProcessOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Called once the command listens for Ctrl+C, with a function that delivers one. */
  onListening?(signal: (name: string) => void): void;
  /** What the command reads from stdin, and whether it is a terminal. */
  stdin?: NodeJS.ReadableStream;
  stdinIsTTY?: boolean;
}

export async function runInProcess(args: string[], options: InProcessOptions = {}): Promise<InProcessResult> {
  let stdout = '';
  let stderr = '';
  const cwd = options.cwd ?? process.cwd();
  const io: CliIo = {
    env: options.env ?? {},
    platform: process.platform,
    homedir: cwd,
    cwd,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    ...(options.stdin ? { stdin: options.stdin } : {}),
    ...(options.stdinIsTTY ? { stdinIsTTY: true } : {}),
    onShutdown(listener) {
      let listening = true;
      options.onListening?.((name) => {
        if (listening) listener(name);
        listening = false;
      });
      return () => void (listening = false);
    },
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}
