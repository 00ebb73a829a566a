// A Streamable HTTP MCP server on 127.0.0.1 that answers only requests carrying
// `Authorization: Bearer $MCP_BEARER_KEY` (401 otherwise), so a connected server proves the key a
// preset asked for reached its header. Announces `{"url": …}` on stdout.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

// The SDK is a dependency of the desktop package (pnpm does not hoist it to the root).
const require = createRequire(path.resolve(import.meta.dirname, '../packages/desktop/package.json'));
const { McpServer } = await import(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'));
const { StreamableHTTPServerTransport } = await import(require.resolve('@modelcontextprotocol/sdk/server/streamableHttp.js'));

const key = process.env.MCP_BEARER_KEY;
async function answer(req, res) {
  if (req.headers.authorization !== `Bearer ${key}`) {
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
    return;
  }
  const server = new McpServer({ name: 'bearer-fixture', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Says who is asking' }, async () => ({ content: [{ type: 'text', text: 'an authorized client' }] }));
  // Stateless: one server and transport per request.
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void transport.close());
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

// A request that fails answers 500 rather than leaving a rejected promise nobody reads.
const http = createServer((req, res) => {
  answer(req, res).catch((error) => {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(String(error));
  });
});
http.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${http.address().port}/mcp` })}\n`);
});
process.on('SIGTERM', () => http.close(() => process.exit(0)));
