/**
 * The requests a stdio transport sent and not seen answered, and which of them an overlong line
 * (one past the line cap, never parsed) answered, so that request fails at once instead of at its
 * timeout.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { type JsonRpcId, idFromTail, scanHead } from './overlongLine';

export class AwaitedAnswers {
  /** Oldest first. */
  private readonly awaiting = new Set<JsonRpcId>();
  /** The overlong line being skipped: whether its head named its id or showed it is no answer. */
  private overlong: { attributed: boolean } | undefined;

  sent(message: JSONRPCMessage): void {
    if ('method' in message && 'id' in message) this.awaiting.add(message.id);
    // A cancelled request gets no answer (MCP "Cancellation"): it waits for nothing any more.
    if ('method' in message && message.method === 'notifications/cancelled') this.awaiting.delete(message.params?.requestId as JsonRpcId);
  }

  received(message: JSONRPCMessage): void {
    if (('result' in message || 'error' in message) && 'id' in message && message.id !== undefined) this.awaiting.delete(message.id);
  }

  /**
   * An overlong line began. Returns the request to fail now when its head names the id (Python's and
   * Go's SDKs write it first) and the line is not a request or notification of the server's.
   */
  overlongStarted(head: string): { id: JsonRpcId | undefined; fail: JsonRpcId | undefined } {
    const facts = scanHead(head);
    this.overlong = { attributed: facts.hasMethod || facts.id !== undefined };
    const fail = !facts.hasMethod && facts.id !== undefined ? this.take(facts.id) : undefined;
    return { id: facts.id, fail };
  }

  /**
   * The overlong line ended. Its tail names the id the TypeScript SDK writes last. A line that names
   * none and is no request of the server's is taken for the answer to the oldest request waiting:
   * answers mostly come in order, and one failed a little early beats one that waits out its
   * timeout (the others keep waiting for their own answers).
   */
  overlongEnded(tail: string): JsonRpcId | undefined {
    const attributed = this.overlong?.attributed ?? false;
    this.overlong = undefined;
    if (attributed) return undefined;
    const id = idFromTail(tail) ?? this.awaiting.values().next().value;
    return id === undefined ? undefined : this.take(id);
  }

  clear(): void {
    this.awaiting.clear();
    this.overlong = undefined;
  }

  private take(id: JsonRpcId): JsonRpcId | undefined {
    return this.awaiting.delete(id) ? id : undefined;
  }
}
