/**
 * The headless host prints `http://127.0.0.1:PORT/#token=…`. The token lives in the fragment so it
 * never reaches a server log or a Referer header; on load it moves to sessionStorage (per tab, kept
 * across reloads) and leaves the address bar, history and anything a user might copy or screenshot.
 */
export const ACCESS_TOKEN_STORAGE_KEY = 'elftia.accessToken';

export type TokenWindow = Pick<Window, 'location' | 'history' | 'sessionStorage'>;

function tokenInFragment(location: Pick<Location, 'hash'>): string | null {
  return new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
}

export function takeAccessToken(win: TokenWindow): string | undefined {
  const fragment = new URLSearchParams(win.location.hash.replace(/^#/, ''));
  const fromUrl = tokenInFragment(win.location);
  if (fromUrl) {
    win.sessionStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, fromUrl);
    fragment.delete('token');
    const rest = fragment.toString();
    win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}${rest ? `#${rest}` : ''}`);
    return fromUrl;
  }
  return win.sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY) ?? undefined;
}

/**
 * Calls `onToken` when the address in this tab gains a `#token=` (the user pasted the address the
 * host printed): only the fragment changes, so the browser loads nothing by itself.
 */
export function onNewAccessToken(win: Pick<Window, 'location' | 'addEventListener'>, onToken: () => void): void {
  win.addEventListener('hashchange', () => {
    if (tokenInFragment(win.location)) onToken();
  });
}

/** The headless host's tRPC WebSocket endpoint, on the origin that served the page. */
export function bridgeUrl(location: Pick<Location, 'protocol' | 'host'>, token: string | undefined): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${location.host}/trpc${query}`;
}

/** The host's answer to checkAccessToken; `unknown` for anything but a yes or a no (an older host). */
export type TokenVerdict = 'accepted' | 'refused' | 'unreachable' | 'unknown';

/** The headless host's token check (packages/desktop/app/main/host/hostSecurity.ts, TOKEN_CHECK_PATH). */
export const TOKEN_CHECK_PATH = '/token-check';

/**
 * Asks the host that served the page whether it still accepts `token`: after a restart with
 * `elftia serve --new-token` it answers 401, while a host that is down does not answer at all.
 */
export async function checkAccessToken(origin: string, token: string, fetchImpl: typeof fetch = fetch): Promise<TokenVerdict> {
  try {
    const response = await fetchImpl(`${origin}${TOKEN_CHECK_PATH}`, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
    if (response.status === 204) return 'accepted';
    return response.status === 401 ? 'refused' : 'unknown';
  } catch {
    return 'unreachable';
  }
}
