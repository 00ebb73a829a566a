import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import { copyGlobalServerToProject, copyProjectServerToGlobal } from '../workspace/projectCopies';
import type { AppContext } from './trpc';

export function copyToGlobal(services: AppContext['services'], id: string): McpServerRecord {
  return copyProjectServerToGlobal(services.workspace, services.mcpServers, id);
}

export function copyToProject(services: AppContext['services'], id: string): Promise<McpServerRecord> {
  return copyGlobalServerToProject(services.workspace, services.mcpServers, id);
}
