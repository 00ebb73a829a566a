/**
 * OAuth sign-in of HTTP/SSE servers (main/oauth/): the status the server details and the CLI show,
 * and the router's inputs. Runtime-neutral: imports only zod. Tokens never cross to the renderer:
 * only who is signed in, the scopes and the expiry.
 */
import { z } from 'zod';

export const OAUTH_STATES = ['signed_out', 'needs_sign_in', 'signing_in', 'signed_in'] as const;
export type OAuthState = (typeof OAUTH_STATES)[number];

export interface OAuthStatusBase {
  serverId: string;
  /** False for a server sign-in does not apply to (stdio, WebSocket). */
  supported: boolean;
  /** The client id the user entered for this server, when one is used instead of dynamic registration. */
  preRegisteredClientId: string | null;
}

export type OAuthStatus =
  | (OAuthStatusBase & { state: 'signed_out' | 'needs_sign_in' })
  | (OAuthStatusBase & {
      state: 'signing_in';
      /** Where the browser was sent; shown as a link to open or copy (the headless host has no browser of its own). */
      authorizationUrl: string | null;
    })
  | (OAuthStatusBase & {
      state: 'signed_in';
      /** From the ID token, when the authorization server sent one. */
      account: string | null;
      scopes: string[];
      /** ISO time the access token expires (it is refreshed before), when the server said. */
      expiresAt: string | null;
    });

const serverIdSchema = z.string().min(1).max(200);

export const oauthServerInputSchema = z.object({ serverId: serverIdSchema });

/** A pre-registered client: `clientId` null goes back to dynamic registration. */
export const oauthClientInputSchema = z.object({
  serverId: serverIdSchema,
  clientId: z.string().trim().min(1).max(500).nullable(),
  clientSecret: z.string().max(2000).optional(),
});
