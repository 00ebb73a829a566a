import type { BrowserWindow, Dialog } from 'electron';
import { PRODUCT_NAME } from '../host/cli/dataDir';
import type { Translate } from '../host/messages';
import { SANDBOX_SCHEME } from '../apps/sandboxScheme';

/**
 * An MCP App may ask for the location when its resource declares it (`_meta.ui.permissions`): the
 * renderer lists only the declared features in the `allow` attribute of the app's frames (AppFrame,
 * and the sandbox proxy's inner frame), so Chromium refuses an undeclared one before Electron is
 * asked. A browser then asks the user; Electron has no prompt of its own, so the shell asks here,
 * every time an app asks, before anything is granted.
 *
 * The camera and the microphone never get this far: an app runs in an opaque origin (the proxy's
 * inner frame has no allow-same-origin, sandboxProxyPage.ts), and Chromium refuses them to an opaque
 * origin in the page itself ("Invalid security origin"), in a browser as in Electron.
 */
export type AppPermission = 'location';

/** What Electron tells about a request (PermissionRequest). */
export interface PermissionDetails {
  isMainFrame?: boolean;
  requestingUrl?: string;
}

/**
 * What an MCP App's frame asks for, or undefined when the request is not one an app may make: from
 * the window's own page, from a frame that is not an app's, or for any other permission.
 */
export function appPermissionOf(permission: string, details: PermissionDetails | undefined): AppPermission | undefined {
  if (!details || details.isMainFrame !== false || !isAppFrameUrl(details.requestingUrl)) return undefined;
  return permission === 'geolocation' ? 'location' : undefined;
}

/**
 * The sandbox proxy's page (its own scheme) or the app inside it (the proxy's `srcdoc` frame): the
 * window's CSP lets no other page into a frame, and the renderer makes no `srcdoc` frame of its own.
 */
function isAppFrameUrl(url: string | undefined): boolean {
  return typeof url === 'string' && (url.startsWith(`${SANDBOX_SCHEME}:`) || url === 'about:srcdoc');
}

/**
 * One question on screen per permission: a request made while it is asked gets the same answer, so
 * an app that asks in a loop cannot pile dialogs up over the window.
 */
export function oneQuestionAtATime(ask: (permission: AppPermission) => Promise<boolean>): (permission: AppPermission) => Promise<boolean> {
  const open = new Map<AppPermission, Promise<boolean>>();
  return (permission) => {
    let answer = open.get(permission);
    if (!answer) {
      answer = ask(permission).finally(() => open.delete(permission));
      open.set(permission, answer);
    }
    return answer;
  };
}

/** Asks the user in a dialog over the window; Deny is the default and what Esc or closing it answers. */
export async function askAppPermission(dialog: Pick<Dialog, 'showMessageBox'>, window: BrowserWindow, permission: AppPermission, t: Translate): Promise<boolean> {
  const { response } = await dialog.showMessageBox(window, {
    type: 'question',
    title: PRODUCT_NAME,
    message: t(`cli/messages:appPermission.${permission}`),
    detail: t('cli/messages:appPermission.detail'),
    buttons: [t('cli/messages:appPermission.allow'), t('cli/messages:appPermission.deny')],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  });
  return response === 0;
}
