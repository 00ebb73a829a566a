/**
 * `mcp.auth.*`: the OAuth sign-in of an HTTP/SSE server (oauth/OAuthService). Tokens never leave
 * main: the status says who is signed in, the scopes and the expiry; `signIn` answers with the
 * authorization URL (opened in the browser by the Electron shell, shown as a link by the headless
 * host) and the rest comes through `onStatus`.
 */
import { oauthClientInputSchema, oauthServerInputSchema } from '../../shared/contracts/oauth';
import { changes } from './subscriptions';
import { publicProcedure, router } from './trpc';

export const oauthRouter = router({
  status: publicProcedure.input(oauthServerInputSchema).query(({ ctx, input }) => ctx.services.oauth.status(input.serverId)),
  /** Resolves once the authorization URL is known (or the sign-in ended without one); finishing is seen in `onStatus`. */
  signIn: publicProcedure.input(oauthServerInputSchema).mutation(({ ctx, input }) => ctx.services.oauth.signIn(input.serverId)),
  cancelSignIn: publicProcedure.input(oauthServerInputSchema).mutation(({ ctx, input }) => {
    ctx.services.oauth.cancelSignIn(input.serverId);
    return ctx.services.oauth.status(input.serverId);
  }),
  signOut: publicProcedure.input(oauthServerInputSchema).mutation(({ ctx, input }) => {
    ctx.services.oauth.signOut(input.serverId);
    return ctx.services.oauth.status(input.serverId);
  }),
  /** A pre-registered client id/secret (write-only: the status shows the id, never the secret); null goes back to registration. */
  setClient: publicProcedure.input(oauthClientInputSchema).mutation(({ ctx, input }) => {
    ctx.services.oauth.setClient(input.serverId, input.clientId === null ? null : { clientId: input.clientId, ...(input.clientSecret ? { clientSecret: input.clientSecret } : {}) });
    return ctx.services.oauth.status(input.serverId);
  }),
  onStatus: publicProcedure.input(oauthServerInputSchema).subscription(async function* ({ ctx, input, signal }) {
    const subscribe = (listener: () => void) =>
      ctx.services.oauth.onChange((serverId) => {
        if (serverId === input.serverId) listener();
      });
    for await (const _ of changes(subscribe, signal)) yield ctx.services.oauth.status(input.serverId);
  }),
});
