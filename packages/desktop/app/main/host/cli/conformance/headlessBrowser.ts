/**
 * The conformance client's stand-in for the system browser (AppServicesOptions.openExternal): the
 * suite's authorization servers approve at once and answer the authorization URL with a redirect to
 * the client's redirect URI, so "the user signing in" is following redirects until one reaches the
 * redirect URI the authorization request names (the app's own loopback listener), and fetching it.
 */

type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** Redirects followed before giving up: an authorization server that loops is a failed sign-in, not a hang. */
const MAX_REDIRECTS = 10;

/** The authorization request's redirect_uri, without query: where the browser must end up. */
function redirectTarget(authorizationUrl: URL): string {
  const redirectUri = authorizationUrl.searchParams.get('redirect_uri');
  if (!redirectUri) throw new Error('the authorization URL names no redirect_uri');
  const target = new URL(redirectUri);
  return `${target.origin}${target.pathname}`;
}

/**
 * Opens an authorization URL as a browser would for a sign-in that needs no person: follows each
 * redirect (relative ones against the page that sent it) and stops after delivering the one that
 * reaches the request's redirect_uri. Resolves with that URL; rejects when the chain ends elsewhere
 * or runs too long.
 */
export async function followToRedirectUri(authorizationUrl: string, fetchFn: Fetch = fetch): Promise<URL> {
  let current = new URL(authorizationUrl);
  const target = redirectTarget(current);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await fetchFn(current, { redirect: 'manual' });
    await response.body?.cancel();
    if (hop > 0 && `${current.origin}${current.pathname}` === target) return current;
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`${current.origin}${current.pathname} answered ${response.status} without redirecting to the app`);
    }
    current = new URL(location, current);
  }
  throw new Error(`the sign-in redirected more than ${MAX_REDIRECTS} times`);
}

/** openExternal for the conformance client: never rejects (the sign-in's own wait reports a failure), but says why. */
export function headlessOpener(report: (message: string) => void, fetchFn: Fetch = fetch): (url: string) => Promise<void> {
  return async (url) => {
    await followToRedirectUri(url, fetchFn).catch((error: unknown) => report(`headless sign-in: ${error instanceof Error ? error.message : String(error)}\n`));
  };
}
