/**
 * (c) Tools of 20 connected servers served from the cache: listAllActiveServerTools() timed per call,
 * with the tools/list requests the servers received meanwhile counted (the goal is zero). For scale,
 * one live tools/list round trip to one such server through a bare SDK v2 Client runs interleaved.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { AppServices } from '../../app/main/index';
import { addServer, benchFixture, nodeStdioInput, withAppServices } from '../lib/servers';
import { sampleInterleaved, wallOf } from '../lib/stats';
import { type Row, type SectionResult, compared, measuredRow } from '../lib/table';

const SECTION = 'c cached tools ×20';
const SERVER_COUNT = 20;
const FILLER_TOOLS = 10;
const SAMPLING = { warmup: 10, iterations: 100 };
// Time for a request sent during the last call to reach a server's log before it is counted.
const SETTLE_MS = 300;

const countLines = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function liveClient(logFile: string): Promise<Client> {
  const client = new Client({ name: 'elftia-bench', version: '0.0.0' });
  const env = { ...(process.env as Record<string, string>), BENCH_TOOLS_LIST_LOG: logFile, BENCH_FILLER_TOOLS: String(FILLER_TOOLS) };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [benchFixture('bench-server.mjs')], env, stderr: 'ignore' }));
  return client;
}

async function measure(services: AppServices, logDir: string): Promise<SectionResult> {
  const poolLog = join(logDir, 'pool.log');
  const env = { BENCH_TOOLS_LIST_LOG: poolLog, BENCH_FILLER_TOOLS: String(FILLER_TOOLS) };
  for (let i = 0; i < SERVER_COUNT; i += 1) addServer(services, nodeStdioInput(`counting-${i}`, [benchFixture('bench-server.mjs')], env));
  await services.mcp.syncWithConfig();
  const atConnect = countLines(poolLog);
  const client = await liveClient(join(logDir, 'live.log'));
  try {
    let toolCount = 0;
    const [cached, live] = await sampleInterleaved(
      [async () => (toolCount = (await services.mcp.listAllActiveServerTools()).length), () => client.listTools()],
      SAMPLING,
    );
    await sleep(SETTLE_MS);
    const duringCalls = countLines(poolLog) - atConnect;
    const calls = SAMPLING.warmup + SAMPLING.iterations;
    const baseline = measuredRow(SECTION, 'live tools/list, 1 server (bare SDK v2 Client)', wallOf(live!));
    const note = `${toolCount} tools; tools/list requests: ${atConnect} at connect, ${duringCalls} during ${calls} calls`;
    const row: Row = { ...compared(measuredRow(SECTION, 'listAllActiveServerTools() from cache', wallOf(cached!), note), baseline), goal: { text: '0 requests', met: duringCalls === 0 } };
    const warnings = duringCalls === 0 ? [] : [`${SECTION}: the servers received ${duringCalls} tools/list requests during ${calls} cached calls (expected 0)`];
    if (toolCount !== SERVER_COUNT * (FILLER_TOOLS + 2)) warnings.push(`${SECTION}: expected ${SERVER_COUNT * (FILLER_TOOLS + 2)} tools, got ${toolCount}`);
    return { rows: [baseline, row], warnings };
  } finally {
    await client.close();
  }
}

export async function benchCachedTools(): Promise<SectionResult> {
  const logDir = mkdtempSync(join(tmpdir(), 'elftia-bench-log-'));
  try {
    return await withAppServices((services) => measure(services, logDir));
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
