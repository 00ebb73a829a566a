/** The servers the bench talks to, and the app's own services over a throwaway data dir. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppServices, createAppServices } from '../../app/main/index';
import { type McpServerInput, type McpServerRecord, parseMcpServerInput } from '../../app/shared/contracts/mcp-types';
import { freePort } from '../../test/mcp/helpers';

const require = createRequire(import.meta.url);

/** server-everything has no main or exports, only dist/index.js (see test/mcp/helpers.ts). */
export function everythingEntry(): string {
  return join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
}

export function benchFixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/**
 * createAppServices on a fresh temp data dir, as the app builds it but without the built-in servers
 * (each section compares the pool with bare clients on the same servers); disposed and deleted afterwards.
 */
export async function withAppServices<T>(run: (services: AppServices) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'elftia-bench-'));
  const services = createAppServices({ dataDir, autoConnectMcp: false, builtinServers: false });
  try {
    await services.start();
    return await run(services);
  } finally {
    try {
      await services.dispose();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/** Adds a server the way the router and the CLI do: through the shared input schema. */
export function addServer(services: AppServices, input: McpServerInput): McpServerRecord {
  const parsed = parseMcpServerInput(input);
  if (!parsed.ok) throw new Error(`invalid bench server ${input.name}: ${JSON.stringify(parsed.errors)}`);
  return services.mcpServers.add(parsed.value);
}

/** A stdio server run by this Node binary. */
export function nodeStdioInput(name: string, args: string[], env: Record<string, string> = {}): McpServerInput {
  return { type: 'stdio', name, command: process.execPath, args, env };
}

export interface HttpServer {
  url: string;
  stop(): Promise<void>;
}

/** server-everything over Streamable HTTP on a free port, ready once it says so on stderr. */
export async function startEverythingHttp(readyTimeoutMs = 15_000): Promise<HttpServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [everythingEntry(), 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  await waitForStderr(child, /listening on port \d+/i, readyTimeoutMs);
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => stopChild(child) };
}

function waitForStderr(child: ChildProcess, ready: RegExp, timeoutMs: number): Promise<void> {
  let stderr = '';
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stderr?.off('data', onData);
      // Still drained afterwards: a full stderr pipe would block the server.
      child.stderr?.resume();
      if (error) void stopChild(child).finally(() => reject(error));
      else resolve();
    };
    const onExit = (code: number | null) => settle(new Error(`server exited with ${code}: ${stderr}`));
    const onData = (chunk: Buffer) => {
      stderr += String(chunk);
      if (ready.test(stderr)) settle();
    };
    const timer = setTimeout(() => settle(new Error(`server not ready after ${timeoutMs} ms: ${stderr}`)), timeoutMs);
    child.once('exit', onExit);
    child.stderr?.on('data', onData);
  });
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
async function stopChild(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
