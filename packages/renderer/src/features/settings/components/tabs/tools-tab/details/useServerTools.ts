import { useEffect, useState } from 'react';
import type { McpServerView } from '@elftia/desktop/router';
import type { MCPTool } from '@elftia/desktop/shared/contracts/mcp-tool.ts';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';

/**
 * - `notConnected`: nothing to ask; mcp.tools would try to connect the server itself.
 * - `loading` / `failed` keep the previous list (if any) so a refresh does not blank the panel.
 */
export type ServerToolsState =
  | { kind: 'notConnected' }
  | { kind: 'loading'; tools: MCPTool[] | undefined }
  | { kind: 'loaded'; tools: MCPTool[] }
  | { kind: 'failed'; error: DisplayError; tools: MCPTool[] | undefined };

const toolsOf = (state: ServerToolsState) => (state.kind === 'notConnected' ? undefined : state.tools);

/**
 * The server's tool list through mcp.tools, fetched when it connects and again whenever the tool
 * count it reports changes (a `tools/list_changed` from the server). The router serves the list
 * from the connection's cache, so refetching costs no server round trip.
 */
export function useServerTools(server: McpServerView): { state: ServerToolsState; retry: () => void } {
  const api = useApi();
  const connected = server.status === 'connected';
  const toolCount = server.connection?.toolCount;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ServerToolsState>({ kind: 'notConnected' });

  useEffect(() => {
    if (!connected) {
      setState({ kind: 'notConnected' });
      return;
    }
    // An answer for an older request (the count changed again meanwhile) must not win.
    let current = true;
    setState((previous) => ({ kind: 'loading', tools: toolsOf(previous) }));
    api.mcp.tools.query({ id: server.id }).then(
      (tools) => current && setState({ kind: 'loaded', tools }),
      (error: unknown) => current && setState((previous) => ({ kind: 'failed', error: toDisplayError(error), tools: toolsOf(previous) })),
    );
    return () => {
      current = false;
    };
  }, [api, server.id, connected, toolCount, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
