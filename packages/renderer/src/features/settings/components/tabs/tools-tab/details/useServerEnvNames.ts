import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpServerEnvironment } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { useTRPC } from '../../../../../../lib/query';

export type ServerEnvNamesState =
  | { kind: 'loading' }
  | { kind: 'loaded'; environment: McpServerEnvironment }
  | { kind: 'failed'; error: DisplayError };

/** The variable names a stdio server is started with, asked again whenever its config changes. */
export function useServerEnvNames(server: McpServerView): ServerEnvNamesState {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Asked again whenever the details open (staleTime 0), and while open when the server is edited.
  const query = useQuery({ ...trpc.mcp.envNames.queryOptions({ id: server.id }), staleTime: 0 });
  const seen = useRef(server.updatedAt);
  useEffect(() => {
    if (seen.current === server.updatedAt) return;
    seen.current = server.updatedAt;
    void queryClient.invalidateQueries({ queryKey: trpc.mcp.envNames.queryKey({ id: server.id }) });
  }, [server.updatedAt, server.id, queryClient, trpc]);

  if (query.error) return { kind: 'failed', error: toDisplayError(query.error) };
  return query.data ? { kind: 'loaded', environment: query.data } : { kind: 'loading' };
}
