import type { MCPTool } from '../../../app/shared/contracts/mcp-tool';
import type { CapturedServer } from './realServers';
import realServers from './real-servers.json' with { type: 'json' };
import { cornerCaseTools } from './cornerCases';

export const REAL_SERVER_CORPUS = realServers as CapturedServer[];

export function capturedToMcpTools(captured: CapturedServer[]): MCPTool[] {
  return captured.flatMap((s) =>
    s.tools.map((t) => ({ id: `mcp__${s.server}__${t.name}`, serverId: `srv-${s.server}`, serverName: s.server, name: t.name, description: t.description ?? '', inputSchema: t.inputSchema })),
  );
}

/** Every repairable input schema of the corpus: the real servers' tools plus the corner cases. */
export function corpusTools(): MCPTool[] {
  return [...capturedToMcpTools(REAL_SERVER_CORPUS), ...cornerCaseTools()];
}
