/**
 * A minimal Streamable HTTP MCP server on 127.0.0.1:0 (JSON responses, no SDK) that records the URL
 * and Authorization header of every request, for tests about what a client really sends.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingHttpMcp {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  requests: { url: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

export async function startRecordingHttpMcp(): Promise<RecordingHttpMcp> {
  const requests: RecordingHttpMcp['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const result =
        message.method === 'initialize'
          ? { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'recording', version: '1.0.0' } }
          : message.method === 'tools/list'
            ? { tools: [{ name: 'hello', inputSchema: { type: 'object' } }] }
            : {};
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
