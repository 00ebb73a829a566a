/**
 * `ui/update-model-context` (apps.updateContext): the latest text each app of a conversation gave
 * the model, in memory, one entry per app card (conversation, host tool call). Each turn of that
 * conversation sends them to the model as a block before the user's new message, stated as coming
 * from the app of its server (chat/ChatService's `appContext`). An empty text clears the app's entry.
 */

/** Apps with context per conversation; past it the oldest update is dropped. */
const ENTRIES_MAX = 16;

export interface AppContextEntry {
  hostCallId: string;
  serverId: string;
  /** The server's name when known (else its id), for the model's block. */
  serverName: string;
  text: string;
}

export class AppModelContext {
  private readonly byConversation = new Map<string, Map<string, AppContextEntry>>();

  constructor(private readonly serverName: (serverId: string) => string | undefined = () => undefined) {}

  update(input: { conversationId: string; hostCallId: string; serverId: string; text: string }): void {
    const entries = this.byConversation.get(input.conversationId) ?? new Map<string, AppContextEntry>();
    // Re-inserted, so the newest update is last and the oldest is dropped first.
    entries.delete(input.hostCallId);
    if (input.text.trim() !== '') {
      entries.set(input.hostCallId, { hostCallId: input.hostCallId, serverId: input.serverId, serverName: this.serverName(input.serverId) ?? input.serverId, text: input.text });
    }
    while (entries.size > ENTRIES_MAX) entries.delete(entries.keys().next().value as string);
    if (entries.size === 0) this.byConversation.delete(input.conversationId);
    else this.byConversation.set(input.conversationId, entries);
  }

  /** A deleted conversation's contexts go with it. */
  forget(conversationId: string): void {
    this.byConversation.delete(conversationId);
  }

  /** The conversation's app contexts, oldest update first (what the UI can show). */
  list(conversationId: string): AppContextEntry[] {
    return [...(this.byConversation.get(conversationId)?.values() ?? [])];
  }

  /** The block the model reads before the user's message; undefined when no app gave context. */
  modelText(conversationId: string): string | undefined {
    const entries = this.list(conversationId);
    if (entries.length === 0) return undefined;
    return entries
      .map((entry) => `[Context from the MCP App of server "${entry.serverName}" (shown in tool call ${entry.hostCallId}); the app, not the user, wrote this]\n${entry.text}`)
      .join('\n\n');
  }
}
