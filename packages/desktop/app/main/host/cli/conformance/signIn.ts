import type { OAuthService } from '../../../oauth/OAuthService';
import { toAppErrorData } from '../../messages';
import type { AppCaller } from '../servers';

/**
 * Sign-ins one conformance run may start. A server that answers every token with another 401 or 403
 * (auth/scope-retry-limit) must meet a client that gives up, as a person would after a few tries.
 */
export const MAX_SIGN_INS = 3;

/**
 * Runs the app's requests the way the app's user would: when one ends in MCP_AUTH_REQUIRED (the
 * server wants a sign-in the stored tokens cannot give), signs in through the app's OAuth service
 * (its browser is the conformance client's headless one) and tries the request again.
 */
export class SignInOnDemand {
  private signIns = 0;

  constructor(
    private readonly caller: AppCaller,
    private readonly oauth: OAuthService,
    private readonly serverId: string,
  ) {}

  async run<T>(request: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await request();
      } catch (error) {
        if (toAppErrorData(error).code !== 'MCP_AUTH_REQUIRED' || this.signIns >= MAX_SIGN_INS) throw error;
        this.signIns++;
        await this.caller.mcp.auth.signIn({ serverId: this.serverId });
        await this.oauth.waitForSignIn(this.serverId);
      }
    }
  }
}
