import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { McpServerView } from '@elftia/desktop/router';
import type { MCPTool } from '@elftia/desktop/shared/contracts/mcp-tool.ts';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { useTRPC } from '../../../../../../lib/query';

/**
 * - `notConnected`: nothing to ask; mcp.tools would try to connect the server itself.
 * - `loading` / `failed` keep the previous list (if any) so a refresh does not blank the panel.
 */
export type ServerToolsState =
  | { kind: 'notConnected' }
  | { kind: 'loading'; tools: MCPTool[] | undefined }
  | { kind: 'loaded'; tools: MCPTool[] }
  | { kind: 'failed'; error: DisplayError; tools: MCPTool[] | undefined };

/**
 * The server's tool list through mcp.tools, asked when it connects and again whenever it connects
 * anew or the tool count it reports changes (a `tools/list_changed`). The router serves the list from
 * the connection's cache, so asking again costs no server round trip.
 */
export function useServerTools(server: McpServerView): { state: ServerToolsState; retry: () => void } {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const connected = server.status === 'connected';
  // Asked again whenever the details open (staleTime 0): the server may have reconnected meanwhile.
  const query = useQuery({ ...trpc.mcp.tools.queryOptions({ id: server.id }), enabled: connected, staleTime: 0 });

  // While open, a new connection or a changed count makes the list stale.
  const version = connected ? String(server.connection?.toolCount) : undefined;
  const seen = useRef(version);
  useEffect(() => {
    const previous = seen.current;
    seen.current = version;
    if (version !== undefined && previous !== version) void queryClient.invalidateQueries({ queryKey: trpc.mcp.tools.queryKey({ id: server.id }) });
  }, [version, server.id, queryClient, trpc]);

  const retry = () => void query.refetch();
  if (!connected) return { state: { kind: 'notConnected' }, retry };
  if (query.isFetching) return { state: { kind: 'loading', tools: query.data }, retry };
  if (query.error) return { state: { kind: 'failed', error: toDisplayError(query.error), tools: query.data }, retry };
  return { state: query.data ? { kind: 'loaded', tools: query.data } : { kind: 'loading', tools: undefined }, retry };
}
