/**
 * (a) McpService.callTool round trip vs the bare SDK v2 Client on the same server (server-everything
 * `echo`), over stdio and Streamable HTTP. The ratio is what the service adds per call: the record
 * lookup, argument validation, the timeout policy, the error counter, and over stdio our transport.
 * A bare Client over ProcessStdioTransport runs too, to tell the transport's share from the service's
 * (it also starts the server in its own session, which Linux autogroup scheduling treats differently).
 * The bare SDK v1 Client (the client Elftia used before v2) runs as a second reference line. Last, the
 * same comparison in process over the SDK's InMemoryTransport isolates the service's own CPU from the
 * scheduling of server processes (no goal: the issue's goals are the real transports').
 */
import { Client, InMemoryTransport, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpService } from '../../app/main/mcp/McpService';
import { stdioRecord } from '../../test/mcp/helpers';
import { ProcessStdioTransport } from '../../app/main/mcp/process/ProcessStdioTransport';
import { addServer, everythingEntry, nodeStdioInput, startEverythingHttp, withAppServices } from '../lib/servers';
import { sampleInterleaved, wallOf } from '../lib/stats';
import { type Row, type SectionResult, compared, measuredRow } from '../lib/table';

const SECTION = 'a callTool';
/** Issue 16: the service's median and p95 at most this many times the bare SDK v2 Client's. */
const GOAL_MAX_RATIO = { stdio: 1.1, http: 1.05, 'in-process': undefined } as const;
// 1,000 rounds: a median over fewer moved by several per cent between runs on a shared machine.
const SAMPLING = { warmup: 50, iterations: 1000 };

/** What the section calls on a bare client, v2 or v1. */
interface BareClient {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

async function bareClient(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'elftia-bench', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

async function bareV1Client(transport: V1StdioClientTransport | V1StreamableHTTPClientTransport): Promise<V1Client> {
  const client = new V1Client({ name: 'elftia-bench', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

const echoArgs = { message: 'bench' };
const echo = (client: BareClient) => () => client.callTool({ name: 'echo', arguments: echoArgs });

/**
 * Interleaved echo calls through the service and through bare clients: the first client is the
 * baseline, any others are references. Returns the baseline row, the service's, then the references'.
 */
async function compare(mcp: Pick<McpService, 'callTool'>, serverId: string, transportName: keyof typeof GOAL_MAX_RATIO, clients: { name: string; client: BareClient }[]): Promise<Row[]> {
  let callCount = 0;
  const viaService = () => mcp.callTool(serverId, 'echo', echoArgs, `bench-${(callCount += 1)}`);
  const [service, ...bare] = await sampleInterleaved([viaService, ...clients.map(({ client }) => echo(client))], SAMPLING);
  const rows = clients.map(({ name }, i) => measuredRow(SECTION, `${transportName}: ${name}`, wallOf(bare[i]!)));
  const baseline = rows[0]!;
  const serviceRow = compared(measuredRow(SECTION, `${transportName}: McpService.callTool`, wallOf(service!)), baseline, GOAL_MAX_RATIO[transportName], true);
  const reference = rows[1];
  // The service's own share: its median against the bare client over the same transport.
  if (reference) serviceRow.note = `${((serviceRow.medianMs ?? NaN) / (reference.medianMs ?? NaN)).toFixed(2)}× the ${clients[1]!.name} median`;
  return [baseline, serviceRow, ...rows.slice(1).map((row) => compared(row, baseline))];
}

/** An in-process server with server-everything's `echo`, on one end of a linked in-memory pair. */
function inMemoryEchoServer(): Transport {
  const server = new McpServer({ name: 'bench-echo', version: '0.0.0' });
  server.registerTool('echo', { description: 'Echoes back the input', inputSchema: z.object({ message: z.string() }) }, ({ message }) => ({
    content: [{ type: 'text', text: `Echo: ${message}` }],
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  void server.connect(serverSide);
  return clientSide;
}

/**
 * The service's own work, without a process or a socket: McpService and a bare Client each over the
 * SDK's InMemoryTransport to an in-process echo server. Every microsecond here is CPU of this process
 * (the server's included, alike on both sides), so the ratio moves far less with the machine's load than
 * the rows over real transports, where waking the server process dominates.
 */
async function inProcessRows(): Promise<Row[]> {
  const record = stdioRecord('in-memory', { id: 'in-memory', name: 'in-memory' });
  const service = new McpService({
    listServers: () => [record],
    getServer: (id) => (id === record.id ? record : undefined),
    stdioTransportFactory: inMemoryEchoServer,
  });
  const client = await bareClient(inMemoryEchoServer());
  try {
    await service.connect(record.id);
    return await compare(service, record.id, 'in-process', [{ name: 'bare SDK v2 Client', client }]);
  } finally {
    await Promise.allSettled([client.close(), service.closeAll()]);
  }
}

export async function benchCallToolOverhead(): Promise<SectionResult> {
  const http = await startEverythingHttp();
  try {
    return await withAppServices(async (services) => {
      const stdioServer = addServer(services, nodeStdioInput('everything-stdio', [everythingEntry(), 'stdio']));
      const httpServer = addServer(services, { type: 'http', name: 'everything-http', url: http.url });
      await services.mcp.connect(stdioServer.id);
      await services.mcp.connect(httpServer.id);
      const stdioCommand = { command: process.execPath, args: [everythingEntry(), 'stdio'] };
      const sdkStdio = await bareClient(new StdioClientTransport({ ...stdioCommand, stderr: 'ignore' }));
      const ourStdio = await bareClient(new ProcessStdioTransport(stdioCommand));
      const httpClient = await bareClient(new StreamableHTTPClientTransport(new URL(http.url)));
      const v1Stdio = await bareV1Client(new V1StdioClientTransport({ ...stdioCommand, stderr: 'ignore' }));
      const v1Http = await bareV1Client(new V1StreamableHTTPClientTransport(new URL(http.url)));
      try {
        const stdioRows = await compare(services.mcp, stdioServer.id, 'stdio', [
          { name: 'bare SDK v2 Client', client: sdkStdio },
          { name: 'bare v2 Client + ProcessStdioTransport', client: ourStdio },
          { name: 'bare SDK v1 Client', client: v1Stdio },
        ]);
        const httpRows = await compare(services.mcp, httpServer.id, 'http', [
          { name: 'bare SDK v2 Client', client: httpClient },
          { name: 'bare SDK v1 Client', client: v1Http },
        ]);
        return { rows: [...stdioRows, ...httpRows, ...(await inProcessRows())], warnings: [] };
      } finally {
        await Promise.allSettled([sdkStdio.close(), ourStdio.close(), httpClient.close(), v1Stdio.close(), v1Http.close(), services.mcp.closeAll()]);
      }
    });
  } finally {
    await http.stop();
  }
}
