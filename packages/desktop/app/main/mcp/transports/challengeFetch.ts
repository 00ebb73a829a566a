import { extractWWWAuthenticateParams, type FetchLike } from '@modelcontextprotocol/client';
import type { AuthChallenge } from '../clientRequests';

/**
 * A fetch that tells `onChallenge` what each 401, or 403 insufficient_scope, of the server's origin
 * names in its `WWW-Authenticate` (`resource_metadata`, `scope`). The SDK's transport reads the
 * same header for its own `auth()` call and keeps it to itself.
 */
export function challengeWatchingFetch(serverUrl: URL, onChallenge: (challenge: AuthChallenge) => void, base: FetchLike = fetch): FetchLike {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status !== 401 && response.status !== 403) return response;
    // Discovery and token requests go through this fetch too: only the MCP server's own challenges count.
    if (new URL(String(input)).origin !== serverUrl.origin || !response.headers.has('www-authenticate')) return response;
    const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(response);
    if (response.status === 403 && error !== 'insufficient_scope') return response;
    if (resourceMetadataUrl || scope) onChallenge({ ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(scope ? { scope } : {}) });
    return response;
  };
}
