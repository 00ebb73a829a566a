/** The headless host and the renderer build the renderer bench needs, started and stopped here. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = fileURLToPath(new URL('../../app/main/host/cli.ts', import.meta.url));
const STARTUP_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

/**
 * Builds packages/renderer/dist, so the bench measures this checkout and not an older build;
 * unminified for a CPU profile whose function names can be read.
 */
export function buildRenderer(options: { minify?: boolean } = {}): void {
  const args = options.minify === false ? ['--filter', '@elftia/renderer', 'exec', 'vite', 'build', '--minify', 'false'] : ['--filter', '@elftia/renderer', 'build'];
  const result = spawnSync('pnpm', args, { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`renderer build failed (${result.status}): ${result.stderr || result.stdout}`);
}

export interface RunningHost {
  /** The page URL with its access token. */
  url: string;
  stop(): Promise<void>;
}

/** `elftia serve --json --port 0` on `dataDir`; resolves once it printed its URL. */
export async function startHost(dataDir: string): Promise<RunningHost> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--json', '--port', '0', '--data-dir', dataDir], {
    cwd: REPO_ROOT,
    env: { ...process.env, LANG: 'en_US.UTF-8' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`the host did not start in ${STARTUP_TIMEOUT_MS} ms: ${stderr}`)), STARTUP_TIMEOUT_MS);
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const newline = out.indexOf('\n');
        if (newline < 0) return;
        clearTimeout(timer);
        resolve(out.slice(0, newline));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the host exited with ${code}: ${stderr}`));
      });
    });
    const { url } = JSON.parse(line) as { url: string };
    return { url, stop: () => stopProcess(child) };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** SIGTERM (the path the host handles), then SIGKILL after a grace period. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
