/**
 * What one server's sign-in keeps between runs: the document db/OAuthCredentialRepository seals.
 * Tokens, refresh token, client secret and PKCE verifier live only in here.
 */
import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';

/** A client id (and secret) the user registered with the authorization server by hand. */
export interface PreRegisteredClient {
  client_id: string;
  client_secret?: string;
  /** The authorization server it was first used with (the SDK's SEP-2352 stamp). */
  issuer?: string;
}

export interface SignInState {
  tokens?: StoredOAuthTokens;
  /** When `tokens` were saved, epoch ms: `expires_in` counts from here. */
  tokensSavedAt?: number;
  /** The client dynamic registration gave us (stamped with its authorization server). */
  registered?: StoredOAuthClientInformation;
  preRegistered?: PreRegisteredClient;
  codeVerifier?: string;
  discovery?: OAuthDiscoveryState;
  /** The server URL the tokens were issued for: they are never sent to another one. */
  serverUrl?: string;
  /** The loopback redirect URL the registered client was registered with (its port is tried first). */
  redirectUrl?: string;
}

/** Where sign-ins are kept; db/OAuthCredentialRepository in the app, a Map in a headless client. */
export interface SignInStore {
  read(serverId: string): SignInState | undefined;
  write(serverId: string, state: SignInState): void;
  delete(serverId: string): void;
}

/** A SignInStore in memory, for a client that keeps nothing (the conformance client, tests). */
export function memorySignInStore(): SignInStore {
  const states = new Map<string, SignInState>();
  return {
    read: (serverId) => states.get(serverId),
    write: (serverId, state) => void states.set(serverId, state),
    delete: (serverId) => void states.delete(serverId),
  };
}

/** Accepts what a repository opened only when it has the shape written here; anything else reads as no sign-in. */
export function asSignInState(value: unknown): SignInState | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const state = value as Record<string, unknown>;
  const objectOrAbsent = (key: string) => state[key] === undefined || (typeof state[key] === 'object' && state[key] !== null);
  if (!['tokens', 'registered', 'preRegistered', 'discovery'].every(objectOrAbsent)) return undefined;
  return value as SignInState;
}
