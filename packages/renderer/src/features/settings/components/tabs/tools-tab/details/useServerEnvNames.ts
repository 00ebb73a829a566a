import { useEffect, useState } from 'react';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpServerEnvironment } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';

export type ServerEnvNamesState =
  | { kind: 'loading' }
  | { kind: 'loaded'; environment: McpServerEnvironment }
  | { kind: 'failed'; error: DisplayError };

/** The variable names a stdio server is started with, asked again whenever its config changes. */
export function useServerEnvNames(server: McpServerView): ServerEnvNamesState {
  const api = useApi();
  const [state, setState] = useState<ServerEnvNamesState>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    api.mcp.envNames.query({ id: server.id }).then(
      (environment) => current && setState({ kind: 'loaded', environment }),
      (error: unknown) => current && setState({ kind: 'failed', error: toDisplayError(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, server.id, server.updatedAt]);
  return state;
}
