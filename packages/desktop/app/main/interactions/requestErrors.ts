/**
 * Errors that reject a server's request. The SDK answers a request whose handler threw with the
 * error's numeric `code` (JSON-RPC), so these carry the code the specification gives each case.
 */
export const JSONRPC_INVALID_PARAMS = -32602;
/** The MCP specification's code for a sampling request the user rejected. */
export const USER_REJECTED = -1;

export class InteractionRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'InteractionRequestError';
  }
}

export const invalidParams = (message: string) => new InteractionRequestError(JSONRPC_INVALID_PARAMS, message);
export const userRejected = (message = 'User rejected sampling request') => new InteractionRequestError(USER_REJECTED, message);
