import { useEffect, useState } from 'react';
import type { McpAppResourceView, McpAppSandboxView } from '@elftia/desktop/shared/contracts/apps.ts';
import { useApi } from '../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../lib/appError';

export type AppResourceState =
  | { status: 'loading' }
  | { status: 'error'; error: DisplayError }
  | { status: 'ready'; sandbox: McpAppSandboxView; resource: McpAppResourceView };

/** The app's checked HTML (apps.resource) and where the sandbox proxy is (apps.sandbox). */
export function useAppResource(serverId: string, uri: string): AppResourceState {
  const api = useApi();
  const [state, setState] = useState<AppResourceState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    Promise.all([api.apps.sandbox.query(), api.apps.resource.query({ serverId, uri })]).then(
      ([sandbox, resource]) => live && setState({ status: 'ready', sandbox, resource }),
      (error: unknown) => live && setState({ status: 'error', error: toDisplayError(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, serverId, uri]);
  return state;
}

/** The proxy page's address for this app: its CSP goes in the query, the sandbox origin serves it as a header. */
export function sandboxSource(sandbox: McpAppSandboxView, resource: McpAppResourceView): string {
  const url = new URL(sandbox.url);
  url.searchParams.set('csp', JSON.stringify(resource.csp));
  return url.href;
}
