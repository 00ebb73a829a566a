import { TRPCError } from '@trpc/server';
import type { BrowserWindow, IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import { createIPCHandler } from 'trpc-electron/main';
import type { AppServices } from '../index';
import { type AppContext, appRouter } from '../routers/appRouter';

type SenderEvent = Pick<IpcMainEvent | IpcMainInvokeEvent, 'sender' | 'senderFrame'>;

/**
 * True only for a message from the main frame of our window, showing an app page. trpc-electron's
 * `windows` option does not filter senders (it listens on ipcMain for everyone and uses the
 * windows only to clean up subscriptions), so this check is what keeps any other webContents or
 * frame away from the router.
 */
export function isTrustedSender(event: SenderEvent, win: BrowserWindow, isAppUrl: (url: string) => boolean): boolean {
  if (win.isDestroyed() || event.sender.id !== win.webContents.id) return false;
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

/**
 * A context for a refused sender. Throwing from createContext would surface as an unhandled
 * rejection in the main process (trpc-electron awaits it outside its try), so the refusal happens
 * when a procedure touches the services: the caller gets FORBIDDEN and nothing runs.
 */
function refusedContext(): AppContext {
  const services = new Proxy({} as AppServices, {
    get() {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'IPC from an unknown sender' });
    },
  });
  return { services };
}

export function attachTrpcIpc(win: BrowserWindow, services: AppServices, isAppUrl: (url: string) => boolean, log: (line: string) => void): void {
  createIPCHandler({
    router: appRouter,
    windows: [win],
    createContext: async ({ event }) => {
      if (isTrustedSender(event, win, isAppUrl)) return { services };
      log(`refused IPC from webContents ${event.sender.id} (${event.senderFrame?.url ?? 'no frame'})`);
      return refusedContext();
    },
  });
}
