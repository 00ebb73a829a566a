/**
 * A fetch that follows redirects within the provider's origin only. Fetch drops `Authorization` when
 * a redirect leaves the origin, but not the key headers Gemini's SDK sends (`x-goog-api-key`): a
 * base URL that redirects elsewhere would hand the key to that other host. Such a redirect is
 * refused with PROVIDER_NETWORK naming where it led, so the user can enter that address if it is right.
 */
import { CompletionError } from './types';

const MAX_REDIRECTS = 5;

export function sameOriginRedirects(inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    let request: RequestInit = { ...init, redirect: 'manual' };
    for (let hops = 0; ; hops += 1) {
      const response = await inner(input instanceof Request && hops === 0 ? new Request(input, request) : url, request);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) return response;
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== url.origin) {
        throw new CompletionError('PROVIDER_NETWORK', `The provider's address redirects to ${next.origin}; the key is not sent there. Enter that address as the base URL if it is the right one.`);
      }
      if (hops >= MAX_REDIRECTS) throw new CompletionError('PROVIDER_NETWORK', `The provider's address redirects more than ${MAX_REDIRECTS} times.`);
      // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === 'POST')) {
        const { body: _body, ...rest } = request;
        request = { ...rest, method: 'GET' };
      }
      url = next;
    }
  };
}
