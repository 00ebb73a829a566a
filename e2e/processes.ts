/**
 * The long-running helper processes the e2e tests start (the headless host, the scripted provider):
 * each announces itself with one JSON line on stdout, and each is stopped — or killed, if the runner
 * itself dies — so none outlives the tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const STARTUP_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 5_000;

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Runs `node <args>` and resolves with the child and its first stdout line, parsed. The host and the
 * scripted provider run from their bundles (fixtures.ts); a TypeScript source needs `--import tsx`.
 */
export async function startAnnouncing<T>(
  what: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; announced: T }> {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`${what} did not start in ${STARTUP_TIMEOUT_MS} ms: ${stderr}`)), STARTUP_TIMEOUT_MS);
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const newline = out.indexOf('\n');
        if (newline < 0) return;
        clearTimeout(timer);
        resolve(out.slice(0, newline));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${what} exited with ${code}: ${stderr}`));
      });
    });
    return { child, announced: JSON.parse(line) as T };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** SIGTERM (the graceful path the product handles), then SIGKILL after a grace period. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
