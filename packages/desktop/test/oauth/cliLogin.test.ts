import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collect, runCli, SPAWN_TIMEOUT_MS, spawnCli, cleanEnv } from '../cli/cliProcess';
import { fixture, type RunningServer, startNetworkServer } from '../mcp/helpers';

let server: RunningServer;
let dir: string;

beforeEach(async () => {
  server = await startNetworkServer([fixture('oauth-server.mjs')]);
  dir = mkdtempSync(join(tmpdir(), 'elftia-cli-login-'));
});

afterEach(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('elftia mcp login / logout', () => {
  it(
    'prints the sign-in URL, waits for the browser, then says who signed in; logout forgets the tokens',
    async () => {
      const added = await runCli(['mcp', 'add', 'protected', '--transport', 'http', '--url', `http://127.0.0.1:${server.port}/mcp`, '--data-dir', dir]);
      expect(added.code).toBe(0);
      const child = spawnCli(['mcp', 'login', 'PROTECTED', '--data-dir', dir], cleanEnv());
      const done = collect(child);
      const url = await new Promise<string>((resolve) => {
        let out = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          out += String(chunk);
          const match = /^(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/m.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
      });
      const page = await fetch(url);
      expect(await page.text()).toContain('return to the terminal');
      const result = await done;
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('To sign in to "protected", open this URL');
      expect(result.stdout).toContain('Signed in to "protected" as ada@example.test.');

      // The next command connects with the stored sign-in.
      const status = await runCli(['mcp', 'tools', 'protected', '--data-dir', dir]);
      expect(status.code).toBe(0);
      expect(status.stdout).toContain('whoami');
      const logout = await runCli(['mcp', 'logout', 'protected', '--data-dir', dir]);
      expect(logout.stdout).toBe('Signed out of "protected".\n');
    },
    SPAWN_TIMEOUT_MS * 2,
  );
});
