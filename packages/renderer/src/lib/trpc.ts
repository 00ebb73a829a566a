/**
 * The tRPC client: Electron IPC when the preload exposed trpc-electron's bridge, otherwise the
 * headless host's loopback WebSocket (a browser tab, development, the end-to-end tests).
 */
import { type TRPCClient, createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { ipcLink } from 'trpc-electron/renderer';
import type { AppRouter } from '@elftia/desktop/router';
import { bridgeUrl, checkAccessToken, onNewAccessToken, takeAccessToken } from './accessToken';
import type { ElftiaApi } from './api';
import { BridgeStatus, stateAfterClose } from './bridgeStatus';

export interface AppConnection {
  client: TRPCClient<AppRouter>;
  /** The same client, as the slice of the router the renderer calls directly. */
  api: ElftiaApi;
  status: BridgeStatus;
}

function connection(client: TRPCClient<AppRouter>, status: BridgeStatus): AppConnection {
  return { client, api: client, status };
}

declare global {
  interface Window {
    /** Set by trpc-electron's exposeElectronTRPC() in the preload; absent in a browser. */
    electronTRPC?: unknown;
  }
}

export function createAppConnection(win: Window = window): AppConnection {
  if (win.electronTRPC) {
    // IPC to our own main process cannot be refused or dropped while the window exists.
    return connection(createTRPCClient<AppRouter>({ links: [ipcLink()] }), new BridgeStatus('connected'));
  }

  const token = takeAccessToken(win);
  // A reload takes the new token from the address and connects with it.
  onNewAccessToken(win, () => win.location.reload());
  const status = new BridgeStatus(token ? 'connecting' : 'missingToken');
  let everOpened = false;
  let opens = 0;
  const wsClient = createWSClient({
    url: bridgeUrl(win.location, token),
    onOpen: () => {
      everOpened = true;
      opens += 1;
      status.set('connected');
    },
    // The client retries with backoff on its own; this only decides what the banner says meanwhile.
    onClose: () => {
      if (!token) return;
      if (everOpened) status.set('lost');
      const opensBefore = opens;
      void checkAccessToken(win.location.origin, token).then((verdict) => {
        // A reconnect that opened meanwhile has the last word.
        if (opens === opensBefore) status.set(stateAfterClose(everOpened, verdict));
      });
    },
  });
  return connection(createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] }), status);
}
