import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client, type Tool } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const require = createRequire(import.meta.url);

/** A real MCP server installed as a devDependency of @elftia/desktop, started with `node <bin>`. */
export interface RealServer {
  name: string;
  packageName: string;
  /** The bin file, relative to the package root. */
  bin: string;
  args?: (workDir: string) => string[];
  env?: (workDir: string) => Record<string, string>;
}

export const REAL_SERVERS: RealServer[] = [
  { name: 'everything', packageName: '@modelcontextprotocol/server-everything', bin: 'dist/index.js' },
  { name: 'filesystem', packageName: '@modelcontextprotocol/server-filesystem', bin: 'dist/index.js', args: (dir) => [dir] },
  { name: 'memory', packageName: '@modelcontextprotocol/server-memory', bin: 'dist/index.js', env: (dir) => ({ MEMORY_FILE_PATH: join(dir, 'memory.jsonl') }) },
  { name: 'sequential-thinking', packageName: '@modelcontextprotocol/server-sequential-thinking', bin: 'dist/index.js' },
  { name: 'playwright', packageName: '@playwright/mcp', bin: 'cli.js' },
];

export function binPath(server: RealServer): string {
  return join(dirname(require.resolve(`${server.packageName}/package.json`)), server.bin);
}

export function packageVersion(server: RealServer): string {
  return (require(`${server.packageName}/package.json`) as { version: string }).version;
}

/** Starts the server over stdio, lists every page of its tools, and closes it. */
export async function listRealServerTools(server: RealServer): Promise<Tool[]> {
  const workDir = mkdtempSync(join(tmpdir(), `tl-corpus-${server.name}-`));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binPath(server), ...(server.args?.(workDir) ?? [])],
    env: { ...(process.env as Record<string, string>), ...server.env?.(workDir) },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'elftia-corpus', version: '0.1.0' });
  await client.connect(transport);
  try {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  } finally {
    await client.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** One server's tools as committed in real-servers.json. */
export interface CapturedServer {
  server: string;
  package: string;
  version: string;
  tools: { name: string; description?: string; inputSchema: Record<string, unknown> }[];
}

export async function captureServer(server: RealServer): Promise<CapturedServer> {
  const tools = await listRealServerTools(server);
  return {
    server: server.name,
    package: server.packageName,
    version: packageVersion(server),
    tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
  };
}
