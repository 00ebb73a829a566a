/**
 * The requests a server sends to Elftia (elicitation, sampling, roots), answered by the app's
 * McpClientRequests. One registration serves both protocol eras: a 2025-11-25 server sends them as
 * requests of its own, and for a 2026-07-28 server's `input_required` answer the SDK v2 Client runs
 * the same handlers inside the call, then retries the call with the answers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client, ClientCapabilities, ClientContext } from '@modelcontextprotocol/client';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import type { ElicitParams, McpClientRequests, SamplingParams, ServerRequestOrigin } from './clientRequests';
import type { McpLogBuffer } from './McpLogBuffer';
import { errorText } from './McpServiceError';

/** What the client advertises when the app answers server requests, and nothing when it does not. */
export function clientCapabilities(requests: McpClientRequests | undefined): ClientCapabilities {
  if (!requests) return {};
  return { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } };
}

/**
 * The tool calls in flight on one connection, to tie a server request to the call that caused it.
 * A request that arrives in the call's own async context (the answer stream of that call over HTTP,
 * and every `input_required` round, which the SDK runs inside the call) names it exactly; one that
 * arrives on a shared channel (stdio, the standalone SSE stream) belongs to the call in flight when
 * there is exactly one, else to none.
 */
export class CallsInFlight {
  private readonly scope = new AsyncLocalStorage<string>();
  /**
   * Each call in flight, with its failure signal once a server request asked for it (endOf): a
   * question the call caused stops waiting when the call fails (cancelled, timed out, disconnected).
   * Made only when asked for: almost no call causes a question, and an AbortController per call was
   * a measurable share of a call's own cost.
   */
  private readonly running = new Map<string, { failed?: AbortController }>();

  /**
   * Runs `call` as the call `callId`. `scoped` says whether a server request can arrive in the call's
   * own async context (McpConnection.callTool): only then is the call run in the async scope. On a
   * shared channel (stdio, SSE, WebSocket in a 2025 revision) every server request arrives outside any
   * call, so the scope could never name it; and a scope switches on Node's promise hooks, which cost every
   * promise in the process about as much as the rest of a call's own work.
   */
  run<T>(callId: string, call: () => Promise<T>, scoped = true): Promise<T> {
    const slot: { failed?: AbortController } = {};
    this.running.set(callId, slot);
    const done = () => {
      if (this.running.get(callId) === slot) this.running.delete(callId);
    };
    return (scoped ? this.scope.run(callId, call) : call()).then(
      (result) => {
        done();
        return result;
      },
      (error: unknown) => {
        done();
        slot.failed?.abort(new DOMException(`call ${callId} ended without an answer`, 'AbortError'));
        throw error;
      },
    );
  }

  current(): string | undefined {
    const scoped = this.scope.getStore();
    if (scoped !== undefined) return scoped;
    return this.running.size === 1 ? [...this.running.keys()][0] : undefined;
  }

  /** Aborted when the call fails; undefined for a call not in flight. */
  endOf(callId: string): AbortSignal | undefined {
    const slot = this.running.get(callId);
    if (!slot) return undefined;
    slot.failed ??= new AbortController();
    return slot.failed.signal;
  }
}

export interface ServerRequestWiring {
  client: Client;
  server: McpServerRecord;
  requests: McpClientRequests;
  calls: CallsInFlight;
  log: McpLogBuffer;
  /** Aborted when the connection closes: a pending question then stops waiting for the user. */
  closed: AbortSignal;
}

/**
 * Registers the three handlers and sends `notifications/roots/list_changed` whenever the roots
 * change. Returns the function that stops following the roots.
 */
export function wireServerRequests({ client, server, requests, calls, log, closed }: ServerRequestWiring): () => void {
  const origin = (ctx: ClientContext): ServerRequestOrigin => {
    const callId = calls.current();
    // A server need not cancel its question when its call is cancelled (server-everything does not).
    const callEnded = callId === undefined ? undefined : calls.endOf(callId);
    return {
      serverId: server.id,
      serverName: server.name,
      ...(callId === undefined ? {} : { callId }),
      signal: AbortSignal.any([ctx.mcpReq.signal, closed, ...(callEnded ? [callEnded] : [])]),
    };
  };
  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    log.add('info', `server asks for input (${request.params.mode === 'url' ? 'url' : 'form'})`);
    const outcome = await requests.elicit(request.params as ElicitParams, origin(ctx));
    return outcome.action === 'accept' && outcome.content !== undefined ? { action: 'accept', content: outcome.content } : { action: outcome.action };
  });
  client.setRequestHandler('sampling/createMessage', async (request, ctx) => {
    log.add('info', 'server asks for a model completion (sampling)');
    const outcome = await requests.createMessage(request.params as SamplingParams, origin(ctx));
    return { ...outcome };
  });
  client.setRequestHandler('roots/list', async (_request, ctx) => ({ roots: await requests.listRoots(origin(ctx)) }));
  return requests.onRootsChanged(() => {
    client.sendRootsListChanged().catch((error: unknown) => log.add('warn', `roots/list_changed not sent: ${errorText(error)}`));
  });
}
