/**
 * The client the MCP conformance suite (npm @modelcontextprotocol/conformance) tests: the suite
 * starts a scenario's server, runs this with the server's URL as the last argument and the scenario
 * in MCP_CONFORMANCE_SCENARIO, then checks what reached its server. It drives Elftia's own McpService
 * over Streamable HTTP the way a chat does: connect, list the tools, call each listed tool once, with
 * arguments made from its inputSchema (checked against it first, as every call is), then close.
 *
 *   npx @modelcontextprotocol/conformance client \
 *     --command "node --import tsx packages/desktop/scripts/conformanceClient.ts" --scenario tools_call
 *
 * The suite needs Node 22; this client runs on the repository's Node. Exit code 1 when a step fails.
 */
import type { MCPTool } from '../app/shared/contracts/mcp-tool';
import type { McpServerRecord } from '../app/shared/contracts/mcp-types';
import { McpService } from '../app/main/mcp/McpService';

/** A value of each simple JSON Schema type; numbers count up so that two of them differ. */
function exampleArguments(tool: MCPTool): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
  let next = 2;
  const args: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    if (schema.type === 'number' || schema.type === 'integer') args[name] = next++;
    else if (schema.type === 'string') args[name] = 'conformance';
    else if (schema.type === 'boolean') args[name] = true;
  }
  return args;
}

async function main(): Promise<number> {
  const url = process.argv.at(-1) ?? '';
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '(none)';
  const now = new Date().toISOString();
  const server: McpServerRecord = { id: 'conformance', name: 'conformance', type: 'http', config: { url }, timeoutSec: 30, enabled: true, createdAt: now, updatedAt: now };
  const service = new McpService({
    listServers: () => [server],
    logger: { info: (m) => console.error(`info ${m}`), warn: (m) => console.error(`warn ${m}`), error: (m) => console.error(`error ${m}`) },
    clientInfo: { name: 'elftia-conformance', version: '0.1.0' },
  });
  try {
    console.error(`scenario ${scenario}: ${url}`);
    await service.connect(server.id);
    const tools = await service.listServerTools(server.id);
    console.error(`tools: ${tools.map((t) => t.name).join(', ') || 'none'}`);
    for (const [index, tool] of tools.entries()) {
      const result = await service.callTool(server.id, tool.name, exampleArguments(tool), `conformance-${index}`);
      console.error(`${tool.name}: ${JSON.stringify(result.content)}`);
    }
    return 0;
  } catch (error) {
    console.error(`failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await service.closeAll();
  }
}

process.exitCode = await main();
