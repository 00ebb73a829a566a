/**
 * The headless host prints `http://127.0.0.1:PORT/#token=…`. The token lives in the fragment so it
 * never reaches a server log or a Referer header; on load it moves to sessionStorage (per tab, kept
 * across reloads) and leaves the address bar, history and anything a user might copy or screenshot.
 */
export const ACCESS_TOKEN_STORAGE_KEY = 'elftia.accessToken';

export type TokenWindow = Pick<Window, 'location' | 'history' | 'sessionStorage'>;

export function takeAccessToken(win: TokenWindow): string | undefined {
  const fragment = new URLSearchParams(win.location.hash.replace(/^#/, ''));
  const fromUrl = fragment.get('token');
  if (fromUrl) {
    win.sessionStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, fromUrl);
    fragment.delete('token');
    const rest = fragment.toString();
    win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}${rest ? `#${rest}` : ''}`);
    return fromUrl;
  }
  return win.sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY) ?? undefined;
}

/** The headless host's tRPC WebSocket endpoint, on the origin that served the page. */
export function bridgeUrl(location: Pick<Location, 'protocol' | 'host'>, token: string | undefined): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${location.host}/trpc${query}`;
}
