/**
 * OAuth sign-in for HTTP/SSE servers: one ElftiaOAuthProvider per server (McpService's transports
 * get it through `forServer`, the McpAuthProviders contract of mcp/clientRequests.ts), the status
 * the UI and the CLI show, and the sign-in the user starts: a loopback listener, the SDK's `auth()`
 * up to the authorization URL, the browser (or the shown link), the code, `auth()` again to
 * exchange it. Sign out forgets the tokens; deleting the server forgets everything.
 */
import { auth } from '@modelcontextprotocol/client';
import type { OAuthStatus } from '../../shared/contracts/oauth';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import { type Clock, systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { EventHub } from '../lib/eventHub';
import type { McpAuthProviders } from '../mcp/clientRequests';
import { accountOf } from './account';
import { ElftiaOAuthProvider } from './ElftiaOAuthProvider';
import { type CallbackPageText, LoopbackRedirect } from './LoopbackRedirect';
import type { SignInStore } from './signInState';

type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface OAuthServiceOptions {
  store: SignInStore;
  /** A configured or project server by id. */
  findServer: (serverId: string) => McpServerRecord | undefined;
  /** Opens the system browser (Electron's shell); without it the UI or the CLI shows the link. */
  openExternal?: (url: string) => Promise<void>;
  /** After a sign-in completes or a sign-out: reconnect the server with (or without) its tokens. */
  onSignInChanged?: (serverId: string) => void;
  /** The page the browser shows after the redirect, in the app's language. */
  callbackPage?: () => CallbackPageText;
  signInTimeoutMs?: number;
  clock?: Clock;
  fetch?: Fetch;
  /** A hosted client ID metadata document URL (CIMD), when Elftia has one. */
  clientMetadataUrl?: string;
}

interface SignInRun {
  loopback: LoopbackRedirect;
  url: Promise<string>;
  done: Promise<void>;
  authorizationUrl?: string;
}

export class OAuthService implements McpAuthProviders {
  readonly #options: OAuthServiceOptions;
  readonly #clock: Clock;
  readonly #providers = new Map<string, ElftiaOAuthProvider>();
  readonly #runs = new Map<string, SignInRun>();
  readonly #events = new EventHub<string>();

  constructor(options: OAuthServiceOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
  }

  /** McpAuthProviders: a provider for an HTTP/SSE server, none for the others. */
  forServer(server: McpServerRecord): ElftiaOAuthProvider | undefined {
    if ((server.type !== 'http' && server.type !== 'sse') || !server.config.url) return undefined;
    // The user gave the server a key of their own: a 401 means that key is wrong ("check the key"),
    // and a sign-in must neither start nor replace the header the user typed.
    if (sendsOwnAuthorization(server)) return undefined;
    const existing = this.#providers.get(server.id);
    if (existing?.serverUrl === server.config.url) return existing;
    const provider = new ElftiaOAuthProvider({
      serverId: server.id,
      serverUrl: server.config.url,
      store: this.#options.store,
      clock: this.#clock,
      ...(this.#options.fetch ? { fetch: this.#options.fetch } : {}),
      ...(this.#options.clientMetadataUrl ? { clientMetadataUrl: this.#options.clientMetadataUrl } : {}),
      onChange: () => this.#events.emit(server.id),
    });
    this.#providers.set(server.id, provider);
    return provider;
  }

  status(serverId: string): OAuthStatus {
    const server = this.#options.findServer(serverId);
    const provider = server ? this.forServer(server) : undefined;
    if (!provider) return { serverId, supported: false, state: 'signed_out', preRegisteredClientId: null };
    const stored = this.#options.store.read(serverId) ?? {};
    const run = this.#runs.get(serverId);
    const preRegisteredClientId = stored.preRegistered?.client_id ?? null;
    if (run) return { serverId, supported: true, state: 'signing_in', authorizationUrl: run.authorizationUrl ?? null, preRegisteredClientId };
    if (provider.needsSignIn) return { serverId, supported: true, state: 'needs_sign_in', preRegisteredClientId };
    if (stored.tokens) {
      const expiresAt = provider.expiresAt();
      return {
        serverId,
        supported: true,
        state: 'signed_in',
        account: accountOf(stored.tokens.id_token) ?? null,
        scopes: stored.tokens.scope ? stored.tokens.scope.split(' ').filter(Boolean) : [],
        expiresAt: expiresAt === undefined ? null : new Date(expiresAt).toISOString(),
        preRegisteredClientId,
      };
    }
    return { serverId, supported: true, state: 'signed_out', preRegisteredClientId };
  }

  /**
   * Starts a sign-in and resolves with the authorization URL once the browser was sent there (or,
   * without a browser, once there is a link to show). The rest runs on: `waitForSignIn` or the
   * status tells how it ends. A sign-in already running is replaced.
   */
  async signIn(serverId: string): Promise<{ authorizationUrl: string | null }> {
    const provider = this.#providerOf(serverId);
    this.#runs.get(serverId)?.loopback.close();
    const preferredPort = portOf(this.#options.store.read(serverId)?.redirectUrl);
    const loopback = await LoopbackRedirect.open({
      ...(preferredPort ? { preferredPort } : {}),
      expectedState: () => provider.expectedState,
      ...(this.#options.signInTimeoutMs ? { timeoutMs: this.#options.signInTimeoutMs } : {}),
      clock: this.#clock,
      ...(this.#options.callbackPage ? { page: this.#options.callbackPage() } : {}),
    });
    let gotUrl: (url: string) => void = () => {};
    const url = new Promise<string>((resolve) => {
      gotUrl = resolve;
    });
    const run: SignInRun = { loopback, url, done: Promise.resolve() };
    run.done = this.#run(provider, run, (authorizationUrl) => {
      run.authorizationUrl = authorizationUrl;
      gotUrl(authorizationUrl);
      this.#events.emit(serverId);
    });
    // Whoever waits (waitForSignIn, the race below) sees the failure; nobody waiting is no crash.
    run.done.catch(() => {});
    this.#runs.set(serverId, run);
    this.#events.emit(serverId);
    // Signed in without a browser (nothing to show), or failed before the URL: either way, done.
    const first = await Promise.race([url, run.done.then(() => null)]);
    return { authorizationUrl: first };
  }

  /** Resolves when the sign-in running for this server ends; rejects with why it failed. */
  async waitForSignIn(serverId: string): Promise<void> {
    await this.#runs.get(serverId)?.done;
  }

  cancelSignIn(serverId: string): void {
    this.#runs.get(serverId)?.loopback.close();
  }

  /** Forgets the tokens (the client registration stays, so the next sign-in skips registering). */
  signOut(serverId: string): void {
    const provider = this.#providerOf(serverId);
    this.cancelSignIn(serverId);
    provider.invalidateCredentials('tokens');
    provider.invalidateCredentials('verifier');
    this.#options.onSignInChanged?.(serverId);
  }

  /** The user's own client id (and secret) for this server, or none to go back to dynamic registration. */
  setClient(serverId: string, client: { clientId: string; clientSecret?: string } | null): void {
    this.#providerOf(serverId);
    const state = this.#options.store.read(serverId) ?? {};
    const next = { ...state, tokens: undefined, tokensSavedAt: undefined, preRegistered: client ? { client_id: client.clientId, ...(client.clientSecret ? { client_secret: client.clientSecret } : {}) } : undefined };
    const kept = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined));
    if (Object.keys(kept).length === 0) this.#options.store.delete(serverId);
    else this.#options.store.write(serverId, kept);
    this.#events.emit(serverId);
  }

  /** The server was deleted: its tokens, client and secrets go with it. */
  forget(serverId: string): void {
    this.cancelSignIn(serverId);
    this.#options.store.delete(serverId);
    this.#providers.delete(serverId);
    this.#events.emit(serverId);
  }

  /** Called with the server id whenever its status may have changed. */
  onChange(listener: (serverId: string) => void): () => void {
    return this.#events.subscribe(listener);
  }

  dispose(): void {
    for (const run of this.#runs.values()) run.loopback.close();
  }

  async #run(provider: ElftiaOAuthProvider, run: SignInRun, onUrl: (url: string) => void): Promise<void> {
    const { serverId } = provider;
    const fetchFn = this.#options.fetch;
    const pending = {
      redirectUrl: run.loopback.url,
      onAuthorizationUrl: (url: URL) => {
        onUrl(url.href);
        this.#options.openExternal?.(url.href).catch(() => {});
      },
    };
    try {
      // A new sign-in starts clean: discovery again (the authorization server may have changed,
      // and with it the client registration), no old tokens or verifier. Discovery starts at the
      // metadata URL the server's last challenge named: it may be the only place that has it.
      provider.invalidateCredentials('discovery');
      provider.invalidateCredentials('tokens');
      provider.invalidateCredentials('verifier');
      const scope = provider.requestedScope;
      const resourceMetadataUrl = provider.resourceMetadataUrl;
      provider.beginSignIn(pending);
      const first = await auth(provider, { serverUrl: provider.serverUrl, ...(scope ? { scope } : {}), ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(fetchFn ? { fetchFn } : {}) }).catch((error: unknown) => {
        throw signInError(error);
      });
      if (first === 'REDIRECT') {
        const callback = await run.loopback.wait();
        const error = callback.get('error');
        // The callback's error_description is the authorization server's (or an attacker's) text: never shown.
        if (error) throw new AppError('OAUTH_SIGN_IN_FAILED', { params: { reason: error.slice(0, 64) } });
        const code = callback.get('code') ?? '';
        const iss = callback.get('iss');
        const second = await auth(provider, { serverUrl: provider.serverUrl, authorizationCode: code, ...(iss !== null ? { iss } : {}), ...(fetchFn ? { fetchFn } : {}) }).catch((cause: unknown) => {
          throw signInError(cause);
        });
        if (second !== 'AUTHORIZED') throw new AppError('OAUTH_SIGN_IN_FAILED', { params: { reason: 'not_authorized' } });
      }
      this.#options.onSignInChanged?.(serverId);
    } finally {
      run.loopback.close();
      if (this.#runs.get(serverId) === run) this.#runs.delete(serverId);
      provider.endSignIn(pending);
    }
  }

  #providerOf(serverId: string): ElftiaOAuthProvider {
    const server = this.#options.findServer(serverId);
    if (!server) throw new AppError('SERVER_NOT_FOUND', { params: { id: serverId } });
    const provider = this.forServer(server);
    if (!provider) throw new AppError('OAUTH_NOT_SUPPORTED', { params: { server: server.name } });
    return provider;
  }
}

function portOf(redirectUrl: string | undefined): number | undefined {
  if (!redirectUrl) return undefined;
  try {
    const port = Number(new URL(redirectUrl).port);
    return port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

/** The SDK's errors as a code the UI translates; OAuth error codes (invalid_client, …) are kept as the reason. */
function signInError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
  const name = error instanceof Error ? error.name : 'Error';
  return new AppError('OAUTH_SIGN_IN_FAILED', { params: { reason: (code ?? name).slice(0, 64) }, cause: error });
}

function sendsOwnAuthorization(server: McpServerRecord): boolean {
  const names = [...Object.keys(server.config.headers ?? {}), ...Object.keys(server.config.keyRefs?.headers ?? {})];
  return names.some((name) => name.toLowerCase() === 'authorization');
}
