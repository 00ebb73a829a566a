/**
 * The SDK's OAuthClientProvider for one HTTP/SSE server: the storage and browser hand-off the SDK
 * drives (discovery, PKCE, registration, scopes, step-up, refresh and `iss` checks are the SDK's,
 * in its `auth()`). What Elftia adds:
 * - everything kept goes through a SignInStore (sealed in the app), read fresh on every call;
 * - a pre-registered client id/secret the user entered wins over dynamic registration;
 * - the browser opens only during a sign-in the user started (OAuthService): a background connect
 *   that meets a 401 marks the server "Needs sign-in" instead of popping a window;
 * - the access token is refreshed shortly before it expires, one refresh at a time per server: the
 *   SDK's transport only reads `tokens()` per request and refreshes after a 401, and two overlapping
 *   refreshes with a rotating refresh token sign the user out (the second one's token is already used).
 */
import { auth, UnauthorizedError, type OAuthClientInformationContext, type OAuthClientMetadata, type OAuthDiscoveryState, type StoredOAuthClientInformation, type StoredOAuthTokens } from '@modelcontextprotocol/client';
import { randomBytes } from 'node:crypto';
import { type Clock, systemClock } from '../lib/clock';
import type { AuthChallenge, McpAuthProvider } from '../mcp/clientRequests';
import type { SignInState, SignInStore } from './signInState';

/** Where the code comes back when no sign-in is running; auth() needs some redirect URL to take the interactive path. */
const DEFAULT_REDIRECT_URL = 'http://127.0.0.1/callback';
/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000;
/** The longest one auth() holds the refresh turn (it may fail without telling the provider). */
const REFRESH_WAIT_MS = 30_000;

type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** A sign-in the user started: where the code comes back, and who shows the authorization URL. */
export interface PendingSignIn {
  redirectUrl: string;
  onAuthorizationUrl: (url: URL) => void;
}

export interface ElftiaOAuthProviderOptions {
  serverId: string;
  serverUrl: string;
  store: SignInStore;
  clock?: Clock;
  fetch?: Fetch;
  /** A hosted client ID metadata document (CIMD); Elftia has none unless configured. */
  clientMetadataUrl?: string;
  /** Called after every change of what is stored or of `needsSignIn`. */
  onChange?: () => void;
}

export class ElftiaOAuthProvider implements McpAuthProvider {
  readonly serverId: string;
  readonly serverUrl: string;
  readonly clientMetadataUrl: string | undefined;
  readonly #store: SignInStore;
  readonly #clock: Clock;
  readonly #fetch: Fetch | undefined;
  readonly #onChange: () => void;
  #pending: PendingSignIn | undefined;
  #state: string | undefined;
  #needsSignIn = false;
  #requestedScope: string | undefined;
  #resourceMetadataUrl: string | undefined;
  /** The proactive refresh in flight. */
  #refreshing: Promise<void> | undefined;
  /**
   * Held by one auth() at a time from reading the tokens it may refresh to saving (or dropping)
   * them; the next one queues behind it and reads the newer refresh token.
   */
  #refreshQueue: Promise<void> = Promise.resolve();
  #releaseRefresh: (() => void) | undefined;

  constructor(options: ElftiaOAuthProviderOptions) {
    this.serverId = options.serverId;
    this.serverUrl = options.serverUrl;
    this.clientMetadataUrl = options.clientMetadataUrl;
    this.#store = options.store;
    this.#clock = options.clock ?? systemClock;
    this.#fetch = options.fetch;
    this.#onChange = options.onChange ?? (() => {});
    this.#forgetIfMoved();
    this.#resourceMetadataUrl = this.#read().discovery?.resourceMetadataUrl;
  }

  /**
   * The server's URL was edited: its tokens (bound to the old resource) must not reach the new
   * address, and discovery runs again; the client registration stays (the SDK drops it if the
   * authorization server differs).
   */
  #forgetIfMoved(): void {
    const stored = this.#store.read(this.serverId);
    if (!stored?.serverUrl || stored.serverUrl === this.serverUrl) return;
    const { tokens: _tokens, tokensSavedAt: _savedAt, discovery: _discovery, codeVerifier: _verifier, serverUrl: _url, ...kept } = stored;
    if (Object.keys(kept).length === 0) this.#store.delete(this.serverId);
    else this.#store.write(this.serverId, kept);
  }

  /**
   * The SDK wanted the user at the authorization server (a 401 a refresh could not fix, or a 403
   * insufficient_scope step-up while the current tokens still serve the other tools); a saved token ends it.
   */
  get needsSignIn(): boolean {
    return this.#needsSignIn;
  }

  /**
   * The server's transport met a 401 or 403 challenge. The SDK's auth() uses it for that attempt
   * only, and a background connect stops before the authorization URL (see clientInformation), so
   * the sign-in the user starts later would not know where the server keeps its metadata (it may
   * publish it only at the URL the challenge names) nor the scope it asked for.
   */
  onAuthChallenge(challenge: AuthChallenge): void {
    if (challenge.resourceMetadataUrl) this.#resourceMetadataUrl = challenge.resourceMetadataUrl.href;
    if (challenge.scope) this.#requestedScope = challenge.scope;
  }

  /** The scope the last challenge, or the last authorization the SDK wanted (but did not get to show), asked for. */
  get requestedScope(): string | undefined {
    return this.#requestedScope;
  }

  /**
   * Where the server's protected-resource metadata is, as its last challenge named it (or the
   * discovery state kept from an auth() that was given it). A server may publish it only there,
   * not at the well-known locations, so the sign-in the user starts (which discovers afresh) looks there.
   */
  get resourceMetadataUrl(): URL | undefined {
    if (!this.#resourceMetadataUrl) return undefined;
    try {
      return new URL(this.#resourceMetadataUrl);
    } catch {
      return undefined;
    }
  }

  get signingIn(): boolean {
    return this.#pending !== undefined;
  }

  /** The `state` the current sign-in's authorization request carries. */
  get expectedState(): string | undefined {
    return this.#pending ? this.#state : undefined;
  }

  beginSignIn(pending: PendingSignIn): void {
    this.#pending = pending;
    this.#state = undefined;
    this.#changed();
  }

  /** Ends this sign-in; a newer one that replaced it is left running. */
  endSignIn(pending: PendingSignIn): void {
    if (this.#pending !== pending) return;
    this.#pending = undefined;
    this.#state = undefined;
    this.#changed();
  }

  get redirectUrl(): string {
    return this.#pending?.redirectUrl ?? this.#read().redirectUrl ?? DEFAULT_REDIRECT_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    const secret = this.#read().preRegistered?.client_secret;
    return {
      client_name: 'Elftia',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: secret ? 'client_secret_post' : 'none',
      application_type: 'native',
    };
  }

  state(): string {
    this.#state = randomBytes(24).toString('base64url');
    return this.#state;
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    const stored = this.#read();
    if (stored.preRegistered) {
      const { client_id, client_secret, issuer } = stored.preRegistered;
      return { client_id, ...(client_secret ? { client_secret } : {}), ...(issuer ? { issuer } : {}) };
    }
    const registered = stored.registered;
    if (!registered && ctx && !this.#pending && !this.clientMetadataUrl) {
      // A background connect met its first 401: registering now would register a client for a
      // redirect nobody listens on (and again on every reconnect). The user's sign-in registers.
      this.#needsSignIn = true;
      this.#changed();
      throw new UnauthorizedError('Sign-in required');
    }
    if (!registered) return undefined;
    // A sign-in on another loopback port than the one registered: register again (most
    // authorization servers compare redirect URIs exactly, whatever RFC 8252 says about ports).
    const registeredUris = 'redirect_uris' in registered && Array.isArray(registered.redirect_uris) ? (registered.redirect_uris as unknown[]) : undefined;
    if (this.#pending && ctx && registeredUris && !registeredUris.includes(this.#pending.redirectUrl)) return undefined;
    return registered;
  }

  saveClientInformation(info: StoredOAuthClientInformation): void {
    this.#update((state) => {
      if (state.preRegistered && info.client_id === state.preRegistered.client_id) {
        return { ...state, preRegistered: { ...state.preRegistered, ...(info.issuer ? { issuer: info.issuer } : {}) } };
      }
      return { ...state, registered: info, redirectUrl: this.redirectUrl };
    });
  }

  /**
   * Without `ctx` this is the transport's per-request read: an access token about to expire is
   * refreshed first (once, however many requests ask). With `ctx` it is auth() about to refresh
   * or redirect: it waits for a refresh already in flight and then reads the newer tokens.
   */
  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    if (!ctx) {
      // One read of the store per request when no refresh is due (it is opened and parsed per read).
      const state = this.#read();
      if (!this.#expiresSoon(state) || this.#pending) return state.tokens;
      await this.#refreshOnce();
      return this.#read().tokens;
    }
    await this.#takeRefreshTurn();
    const tokens = this.#read().tokens;
    // Nothing to refresh: auth() goes on to a redirect, and the next one need not wait.
    if (!tokens?.refresh_token) this.#endRefreshTurn();
    return tokens;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.#needsSignIn = false;
    this.#update((state) => ({ ...state, tokens, tokensSavedAt: this.#clock.now(), serverUrl: this.serverUrl }));
    this.#endRefreshTurn();
  }

  redirectToAuthorization(url: URL): void {
    this.#endRefreshTurn();
    if (this.#pending) {
      this.#pending.onAuthorizationUrl(url);
      return;
    }
    // Not a sign-in the user started: no browser window out of the blue. The scope the SDK asked
    // for (a 401's or a 403 insufficient_scope step-up's) is what the user's sign-in asks for.
    this.#needsSignIn = true;
    this.#requestedScope = url.searchParams.get('scope') ?? undefined;
    this.#changed();
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#update((state) => ({ ...state, codeVerifier }));
  }

  codeVerifier(): string {
    const verifier = this.#read().codeVerifier;
    if (!verifier) throw new Error('No PKCE code verifier is stored for this sign-in');
    return verifier;
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    if (discovery.resourceMetadataUrl) this.#resourceMetadataUrl = discovery.resourceMetadataUrl;
    this.#update((state) => ({ ...state, discovery }));
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#read().discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    this.#update((state) => {
      switch (scope) {
        case 'all':
          // The user's own client id stays: it is configuration, not a credential the server revoked.
          return state.preRegistered ? { preRegistered: { client_id: state.preRegistered.client_id, ...(state.preRegistered.client_secret ? { client_secret: state.preRegistered.client_secret } : {}) } } : {};
        case 'client':
          return { ...state, registered: undefined };
        case 'tokens':
          return { ...state, tokens: undefined, tokensSavedAt: undefined };
        case 'verifier':
          return { ...state, codeVerifier: undefined };
        case 'discovery':
          return { ...state, discovery: undefined };
      }
    });
    if (scope === 'all' || scope === 'tokens') this.#endRefreshTurn();
  }

  /** When the access token expires (epoch ms), if the server said. */
  expiresAt(): number | undefined {
    return expiryOf(this.#read());
  }

  #expiresSoon(state: SignInState): boolean {
    const { tokens } = state;
    const expiresAt = expiryOf(state);
    if (expiresAt === undefined || tokens?.refresh_token === undefined || tokens.expires_in === undefined) return false;
    // A token that lives less than two margins is refreshed at half its life, not on every request.
    const margin = Math.min(REFRESH_MARGIN_MS, (tokens.expires_in * 1000) / 2);
    return expiresAt - this.#clock.now() <= margin;
  }

  #refreshOnce(): Promise<void> {
    this.#refreshing ??= auth(this, { serverUrl: this.serverUrl, ...(this.#fetch ? { fetchFn: this.#fetch } : {}) })
      .then(
        () => {},
        // The request goes out with what is stored; its 401 takes the SDK's own path.
        () => {},
      )
      .finally(() => {
        this.#refreshing = undefined;
      });
    return this.#refreshing;
  }

  async #takeRefreshTurn(): Promise<void> {
    const previous = this.#refreshQueue;
    let release = () => {};
    const turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#refreshQueue = previous.then(() => turn);
    await previous;
    // auth() can fail between reading and saving without telling the provider: the turn then ends by itself.
    const timer = this.#clock.setTimeout(release, REFRESH_WAIT_MS);
    this.#releaseRefresh = () => {
      this.#clock.clearTimeout(timer);
      release();
    };
  }

  #endRefreshTurn(): void {
    const release = this.#releaseRefresh;
    this.#releaseRefresh = undefined;
    release?.();
  }

  #read(): SignInState {
    return this.#store.read(this.serverId) ?? {};
  }

  #update(change: (state: SignInState) => SignInState): void {
    const next = change(this.#read());
    const kept = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined));
    if (Object.keys(kept).length === 0) this.#store.delete(this.serverId);
    else this.#store.write(this.serverId, kept);
    this.#changed();
  }

  #changed(): void {
    this.#onChange();
  }
}

/** When the state's access token expires (epoch ms), if the server said. */
function expiryOf({ tokens, tokensSavedAt }: SignInState): number | undefined {
  if (tokens?.expires_in === undefined || tokensSavedAt === undefined) return undefined;
  return tokensSavedAt + tokens.expires_in * 1000;
}
