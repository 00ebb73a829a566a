/**
 * The headless host keeps its address — token and port — in the data dir (0600), so a tab left open
 * reconnects after a restart; `--new-token` replaces the token; and a page can ask whether its
 * token is still accepted (GET /token-check), which tells a refused token from a host that is down.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHeadlessHost, type HeadlessHost } from '../../app/main/host/headlessHost';
import { HOST_ACCESS_FILE } from '../../app/main/host/hostAccessFile';
import { TOKEN_CHECK_PATH } from '../../app/main/host/hostSecurity';
import { type AppServices, createAppServices } from '../../app/main/index';
import { cleanEnv, collect, spawnCli, SPAWN_TIMEOUT_MS } from '../cli/cliProcess';
import { tempDir } from '../support/tempDir';
import { rawGet, rawUpgrade } from './httpHelpers';

const hosts: ChildProcess[] = [];
afterEach(() => {
  for (const host of hosts.splice(0)) if (host.exitCode === null && host.signalCode === null) host.kill('SIGKILL');
});

interface Serving {
  url: string;
  port: number;
  token: string;
  /** SIGTERM, then what it printed on stderr. */
  stop(): Promise<string>;
}

/** `elftia serve --json` on `dataDir` with `args`; resolves once it printed its address. */
async function serve(dataDir: string, args: string[] = []): Promise<Serving> {
  const child = spawnCli(['serve', '--json', '--data-dir', dataDir, '--renderer-dir', path.join(dataDir, 'no-renderer'), ...args], cleanEnv());
  hosts.push(child);
  const done = collect(child);
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    void done.then((result) => reject(new Error(`serve exited with ${result.code}: ${result.stderr}`)));
  });
  const { url, port } = JSON.parse(line) as { url: string; port: number };
  return {
    url,
    port,
    token: new URL(url).hash.slice('#token='.length),
    async stop() {
      child.kill('SIGTERM');
      const result = await done;
      expect(result.code).toBe(0);
      return result.stderr;
    },
  };
}

describe('elftia serve keeps its address', { timeout: SPAWN_TIMEOUT_MS * 2 }, () => {
  it('prints the same token and port after a restart, kept owner-only in the data dir; --new-token replaces the token', async () => {
    const dataDir = path.join(tempDir(), 'Elftia');
    const first = await serve(dataDir);
    const file = path.join(dataDir, HOST_ACCESS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ token: first.token, port: first.port });
    expect(await first.stop()).not.toContain(first.token);

    const again = await serve(dataDir);
    expect(again.url).toBe(first.url);
    expect(await rawUpgrade(again.port, `/trpc?token=${first.token}`, { Host: `127.0.0.1:${again.port}` })).toBe(101);
    await again.stop();

    const renewed = await serve(dataDir, ['--new-token']);
    expect(renewed.port).toBe(first.port);
    expect(renewed.token).not.toBe(first.token);
    expect(Buffer.from(renewed.token, 'base64url')).toHaveLength(32);
    expect(await rawUpgrade(renewed.port, `/trpc?token=${first.token}`, { Host: `127.0.0.1:${renewed.port}` })).toBe(401);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ token: renewed.token, port: renewed.port });
    expect(await renewed.stop()).not.toContain(renewed.token);
  });

  it('takes any free port when another program holds the stored one, and --port wins over it', async () => {
    const dataDir = path.join(tempDir(), 'Elftia');
    const first = await serve(dataDir);
    await first.stop();
    const squatter = http.createServer();
    await new Promise<void>((resolve) => squatter.listen(first.port, '127.0.0.1', resolve));
    try {
      const moved = await serve(dataDir);
      expect(moved.port).not.toBe(first.port);
      expect(moved.token).toBe(first.token);
      await moved.stop();
    } finally {
      squatter.close();
    }
    const explicit = await serve(dataDir, ['--port', '0']);
    expect(explicit.token).toBe(first.token);
    await explicit.stop();
  });

  it('replaces a stored token too weak to be one of its own', async () => {
    const dataDir = path.join(tempDir(), 'Elftia');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, HOST_ACCESS_FILE), JSON.stringify({ token: 'guessable', port: 1 }));
    const served = await serve(dataDir, ['--port', '0']);
    expect(served.token).not.toBe('guessable');
    expect(Buffer.from(served.token, 'base64url')).toHaveLength(32);
    await served.stop();
  });
});

describe('GET /token-check', () => {
  const TOKEN = 'check-token-0123456789abcdefghijklmnopqrstuvwxyz';
  let dir: string;
  let services: AppServices;
  let host: HeadlessHost;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-check-'));
    services = createAppServices({ dataDir: path.join(dir, 'data') });
    host = await startHeadlessHost({ services, rendererDir: dir, token: TOKEN });
  });
  afterAll(async () => {
    await host.close();
    await services.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const headers = (extra: Record<string, string> = {}) => ({ Host: `127.0.0.1:${host.port}`, ...extra });

  it('answers 204 for the host’s token and 401 for another one or none, never cached', async () => {
    const accepted = await rawGet(host.port, TOKEN_CHECK_PATH, headers({ Authorization: `Bearer ${TOKEN}` }));
    expect(accepted.status).toBe(204);
    expect(accepted.headers['cache-control']).toBe('no-store');
    expect((await rawGet(host.port, TOKEN_CHECK_PATH, headers({ Authorization: 'Bearer stale-token' }))).status).toBe(401);
    expect((await rawGet(host.port, TOKEN_CHECK_PATH, headers())).status).toBe(401);
    expect((await rawGet(host.port, `${TOKEN_CHECK_PATH}?token=${TOKEN}`, headers())).status).toBe(401);
  });

  it('keeps the origin checks and takes only GET and HEAD', async () => {
    const bearer = { Authorization: `Bearer ${TOKEN}` };
    expect((await rawGet(host.port, TOKEN_CHECK_PATH, { Host: `rebind.example:${host.port}`, ...bearer })).status).toBe(403);
    expect((await rawGet(host.port, TOKEN_CHECK_PATH, headers({ Origin: 'http://evil.example', ...bearer }))).status).toBe(403);
    expect((await rawGet(host.port, TOKEN_CHECK_PATH, headers(bearer), 'POST')).status).toBe(405);
  });
});
