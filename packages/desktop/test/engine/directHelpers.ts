import type { ToolExecutionResult } from '../../app/main/engine/ITool';
import {
  type DirectConnectionTracker,
  type DirectMcpToolAdapter,
  type LoadDirectMcpToolsResult,
} from '../../app/main/engine/tools/DirectMcpToolAdapter';
import { McpProcessTracker } from '../../app/main/mcp/process/McpProcessTracker';
import type { TrackedConnection } from '../../app/main/mcp/process';

/** The real tracker, remembering every PID it was given, so a test can prove each one is gone. */
export class RecordingTracker implements DirectConnectionTracker {
  readonly pids: number[] = [];
  readonly inner = new McpProcessTracker();

  track(connection: TrackedConnection): Promise<void> {
    if (typeof connection.pid === 'number') this.pids.push(connection.pid);
    return this.inner.track(connection);
  }

  untrack(connection: TrackedConnection): Promise<void> {
    return this.inner.untrack(connection);
  }

  closeConnection(connection: TrackedConnection): Promise<void> {
    return this.inner.closeConnection(connection);
  }
}

export function toolMap(loaded: LoadDirectMcpToolsResult): Map<string, DirectMcpToolAdapter> {
  return new Map(loaded.tools.map((tool) => [tool.name, tool]));
}

/** Runs a tool by name; fails the test if it does not exist. */
export function caller(tools: Map<string, DirectMcpToolAdapter>) {
  return async (name: string, args: Record<string, unknown> = {}): Promise<ToolExecutionResult> => {
    const tool = tools.get(name);
    if (!tool) throw new Error(`no tool ${name}; have ${[...tools.keys()].join(', ')}`);
    return tool.execute(args);
  };
}
