/** Tool calls and approval requests as ChatService would stream them, for the chat tests. */
import type { ApprovalRequest, ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';

/** A 1×1 transparent PNG. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function toolCall(fields: Partial<ToolCallView> = {}): ToolCallView {
  return {
    id: 'call-1',
    providerToolName: 'mcp__everything__echo',
    serverId: 'srv-1',
    serverName: 'everything',
    toolName: 'echo',
    arguments: { message: 'hello' },
    status: 'done',
    startedAtMs: 1_000,
    endedAtMs: 1_850,
    ...fields,
  };
}

export function approvalRequest(fields: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    callId: 'call-1',
    conversationId: 'conv-1',
    serverId: 'srv-1',
    serverName: 'everything',
    toolName: 'echo',
    arguments: { message: 'hello' },
    destructive: false,
    ...fields,
  };
}
