/**
 * The other tests start the CLI from its bundle (test/support/testProcesses.ts). Users run it from its
 * TypeScript source: `pnpm elftia …` and the start command's headless host are
 * `node --import tsx app/main/host/cli.ts …`. This checks that path end to end once: the host starts,
 * accepts a client with its token, refuses one without, and exits 0 on SIGTERM.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOKEN_CHECK_PATH } from '../../app/main/host/hostSecurity';
import { tempDir } from '../support/tempDir';
import { REPO_ROOT, SPAWN_TIMEOUT_MS, cleanEnv, collect } from './cliProcess';

const SOURCE = path.join(REPO_ROOT, 'packages/desktop/app/main/host/cli.ts');

describe('the CLI from its TypeScript source', () => {
  it('starts the host, which takes only its token, and stops on SIGTERM', { timeout: SPAWN_TIMEOUT_MS }, async () => {
    const host = spawn(process.execPath, ['--import', 'tsx', SOURCE, 'serve', '--json', '--port', '0', '--data-dir', tempDir('cli-source-')], {
      cwd: REPO_ROOT,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = collect(host);
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      host.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
      });
      host.once('exit', (code) => void exited.then(({ stderr }) => reject(new Error(`exited with ${code}: ${stderr}`))));
    });
    const url = new URL((JSON.parse(line) as { url: string }).url);
    const token = new URLSearchParams(url.hash.slice(1)).get('token');
    expect(token).toBeTruthy();

    // The host refuses a client without the token, and accepts one with it. (The page itself needs the
    // renderer's build, which the test command makes after the unit tests.)
    const check = new URL(TOKEN_CHECK_PATH, url.origin);
    expect((await fetch(check)).status).toBe(401);
    expect((await fetch(check, { headers: { authorization: `Bearer ${token}` } })).status).toBe(204);

    host.kill('SIGTERM');
    expect((await exited).code).toBe(0);
  });
});
