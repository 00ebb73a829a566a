/**
 * A 10 MiB tool result over stdio from a real child process: the SDK's StdioClientTransport (its
 * ReadBuffer concatenates the whole buffer on every chunk: the "before") vs ProcessStdioTransport with
 * LineReader (the "after"). Wall time and this process's CPU, which is the Electron main process's in
 * the app, where a busy CPU stalls the UI.
 */
import { Client, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { DEFAULT_MAX_LINE_BYTES, ProcessStdioTransport } from '../../app/main/mcp/process/ProcessStdioTransport';
import { benchFixture } from '../lib/servers';
import { cpuOf, sampleInterleaved, wallOf } from '../lib/stats';
import { type SectionResult, compared, measuredRow } from '../lib/table';

const SECTION = 'stdio 10 MiB result';
const RESULT_BYTES = 10 * 1024 * 1024;
const ITERATIONS = 5;
// Warms the call path (JIT, schemas) without warming the allocator for 10 MiB buffers: the SDK's
// first large result is its most expensive one, and the app meets it cold too.
const WARMUP_BYTES = 1024;
const WARMUP_CALLS = 5;

async function connect(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'elftia-bench', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

export async function benchLargeStdioResult(): Promise<SectionResult> {
  const command = process.execPath;
  const args = [benchFixture('bench-server.mjs')];
  // The SDK's default 10 MiB buffer cannot hold a 10 MiB result plus its envelope; give it ours.
  const sdk = await connect(new StdioClientTransport({ command, args, stderr: 'ignore', maxBufferSize: DEFAULT_MAX_LINE_BYTES }));
  const ours = await connect(new ProcessStdioTransport({ command, args }));
  try {
    const call = (client: Client, bytes: number) => () => client.callTool({ name: 'big', arguments: { bytes } });
    await sampleInterleaved([call(sdk, WARMUP_BYTES), call(ours, WARMUP_BYTES)], { warmup: 0, iterations: WARMUP_CALLS });
    const [before, after] = await sampleInterleaved([call(sdk, RESULT_BYTES), call(ours, RESULT_BYTES)], { warmup: 0, iterations: ITERATIONS });
    const wallBaseline = measuredRow(SECTION, 'wall: SDK StdioClientTransport', wallOf(before!));
    const cpuBaseline = measuredRow(SECTION, 'host CPU: SDK StdioClientTransport', cpuOf(before!));
    return {
      rows: [
        wallBaseline,
        compared(measuredRow(SECTION, 'wall: ProcessStdioTransport', wallOf(after!)), wallBaseline),
        cpuBaseline,
        compared(measuredRow(SECTION, 'host CPU: ProcessStdioTransport', cpuOf(after!)), cpuBaseline),
      ],
      warnings: [],
    };
  } finally {
    await Promise.allSettled([sdk.close(), ours.close()]);
  }
}
