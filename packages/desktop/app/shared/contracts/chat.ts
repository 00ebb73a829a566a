/**
 * Conversations, messages, tool calls and approvals as main stores them and the renderer shows them
 * (content types, tool call cards, approvals). Runtime-neutral: imports only zod and sibling contracts.
 */
import { z } from 'zod';
import { CHAT_TEXT_MAX_LENGTH, ID_MAX_LENGTH, SELECTED_SERVERS_MAX_COUNT, TITLE_MAX_LENGTH } from './limits';
import { attachmentsSchema, type AttachmentView } from './attachments';
import { idString } from './mcp-types';
import { hasHiddenCharacters } from './names';
import { systemPromptText } from './settings';
import type { McpToolAnnotations } from './mcp-tool';
import type { FieldError } from './mcp-types';
import type { ToolContent } from './tool-content';
import type { ToolCallAppRef } from './apps';

/** Which MCP servers a conversation may use ('auto' = all, 'manual' = the selected ones, 'disabled' = none). */
export const TOOL_MODES = ['auto', 'manual', 'disabled'] as const;
export type ToolMode = (typeof TOOL_MODES)[number];

export interface ConversationRecord {
  id: string;
  title: string;
  providerId?: string;
  model?: string;
  toolMode: ToolMode;
  /** Server ids used when toolMode is 'manual'. */
  selectedServerIds: string[];
  /** Sent as the system prompt of every turn; absent or '' sends none. Starts as Settings → General's default. */
  systemPrompt?: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * 'streaming': the model is still writing the call's arguments (shown early for tools with an app);
 * `arguments` then holds a best-effort reading of the JSON so far, and the complete call replaces
 * the view under the same id.
 */
export const TOOL_CALL_STATUSES = ['awaiting_approval', 'running', 'done', 'error', 'cancelled', 'denied', 'streaming'] as const;
export type ToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

export interface ToolCallProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface ToolCallView {
  /** The provider's tool-call id. */
  id: string;
  /** The name the model used (provider-safe, possibly hashed). */
  providerToolName: string;
  /** Absent for engine tools (use_mcp_tool, access_mcp_resource, search_tools). */
  serverId?: string;
  serverName?: string;
  toolName: string;
  /** The arguments as the server receives them (original keys). */
  arguments: Record<string, unknown>;
  status: ToolCallStatus;
  /** The server's claims (hints only). */
  annotations?: McpToolAnnotations;
  /** The tool declares an MCP App (`_meta.ui.resourceUri`): its card shows the app (contracts/apps.ts). */
  app?: ToolCallAppRef;
  progress?: ToolCallProgress;
  result?: {
    /** What the model read, possibly cut (see truncatedForModel). */
    text: string;
    /** Everything the server returned, for the UI. */
    content: ToolContent[];
    isError: boolean;
    structuredContent?: Record<string, unknown>;
    /** How `structuredContent` misses the tool's outputSchema (field and reason, `;`-separated); shown as a warning. */
    structuredContentMismatch?: string;
    /** True when `text` was cut for the model; the UI still has the whole content. */
    truncatedForModel?: boolean;
    /**
     * Present when the result was too large to send and store with its message: `content` and
     * `structuredContent` are a bounded copy (long texts cut, large media left out) and
     * chat.toolResult returns all of it. `bytes` is the size of the whole result.
     */
    shortened?: { bytes: number };
  };
  /** Why the call produced no result (TIMEOUT, CANCELLED, …), translated as `errors.<code>`. */
  errorCode?: string;
  /**
   * The parameters of `errors.<errorCode>` beyond the call's own tool and server: what happened
   * (`cause`, `exitCode`, …) and the redacted `detail`.
   */
  errorParams?: Record<string, string | number>;
  /** INVALID_ARGUMENTS: every problem of the arguments, each with its path, translated as `validation.<code>`. */
  fieldErrors?: FieldError[];
  /** Epoch milliseconds. */
  startedAtMs?: number;
  endedAtMs?: number;
  /**
   * Set when the call ran without asking the user: 'always_allow' by a persisted grant (revocable
   * with approvals.revoke), 'read_only' by the policy that lets read-only tools run.
   */
  autoApproved?: AutoApprovalReason;
}

export const AUTO_APPROVAL_REASONS = ['always_allow', 'read_only'] as const;
export type AutoApprovalReason = (typeof AUTO_APPROVAL_REASONS)[number];

/** Tokens one model call used, as the provider reported them (absent when it reported none). */
export interface TokenUsage {
  /** Prompt tokens, cached ones included. */
  inputTokens: number;
  /** Generated tokens, reasoning included. */
  outputTokens: number;
}

/** Why the model of a turn saw search tools instead of every tool definition. */
export interface ManyToolsNote {
  /** MCP tools the turn could use. */
  toolCount: number;
  /** The approval policy's manyToolsThreshold the count exceeded. */
  threshold: number;
}

export type ChatMessageStatus = 'streaming' | 'done' | 'error' | 'stopped';

export interface ChatMessage {
  id: string;
  conversationId: string;
  role: 'user' | 'assistant';
  text: string;
  /** Assistant messages: the tool calls of this step, in order. */
  toolCalls: ToolCallView[];
  status: ChatMessageStatus;
  /** When status is 'error': a translatable code (PROVIDER_AUTH, …) and parameters. */
  error?: { code: string; params?: Record<string, string | number> };
  /** User messages: the files sent with the text (images load with chat.attachment). */
  attachments?: AttachmentView[];
  createdAt: string;
  /** Assistant messages: the tokens of this step's model call, when the provider reported them. */
  usage?: TokenUsage;
  /** The first assistant message of a turn that ran in many-tools mode. */
  manyTools?: ManyToolsNote;
}

export const APPROVAL_DECISIONS = ['allow_once', 'always_allow', 'deny'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** Asked of the user before a tool runs. */
export interface ApprovalRequest {
  /** The tool call's id; answer with chat.approve({ callId, decision }). */
  callId: string;
  conversationId: string;
  serverId?: string;
  serverName?: string;
  toolName: string;
  arguments: Record<string, unknown>;
  annotations?: McpToolAnnotations;
  /** destructiveHint: shown with a warning; always-allow needs an explicit second confirmation. */
  destructive: boolean;
  /** Set when an MCP App asked for the call (apps.callTool): the id of the tool call whose card shows the app. */
  appHostCallId?: string;
}

/** A persisted "always allow" (per server and tool), revocable in the Tools tab. */
export interface ToolPermission {
  serverId: string;
  serverName: string;
  toolName: string;
  createdAt: string;
}

export interface ApprovalPolicy {
  /** Let tools that claim readOnlyHint run without asking. Default false. */
  autoApproveReadOnly: boolean;
  /** Above this many tools, offer use_mcp_tool + search_tools instead of every definition. Default 40. */
  manyToolsThreshold: number;
}

export const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = { autoApproveReadOnly: false, manyToolsThreshold: 40 };

/**
 * Why a chat request or turn failed, besides the provider's codes (providers.ts); translated as
 * `errors.<code>`. TOOLS_OMITTED is the code of a 'notice' event, not an error.
 */
export const CHAT_ERROR_CODES = [
  'CONVERSATION_NOT_FOUND',
  /** chat.send while the conversation's previous turn still runs (one turn at a time). */
  'TURN_IN_PROGRESS',
  /** The model kept calling tools until the engine's step cap. */
  'STEP_LIMIT',
  /** The app quit or crashed while this reply was streaming. */
  'TURN_INTERRUPTED',
  'TOOLS_OMITTED',
  /** chat.toolResult for a call whose result is not stored (none, or its conversation changed). */
  'TOOL_RESULT_NOT_FOUND',
  /** chat.edit / chat.regenerate name a message that is not in the conversation. */
  'MESSAGE_NOT_FOUND',
  /** chat.edit names an assistant message: only the user's own messages can be edited. */
  'MESSAGE_NOT_EDITABLE',
  /** chat.regenerate names an answer that is not the conversation's last one. */
  'NOT_LAST_ANSWER',
  /** chat.attachment for an image that is not stored (none, or its conversation was deleted). */
  'ATTACHMENT_NOT_FOUND',
] as const;
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

/** A message needs text, attachments, or both. */
export const chatSendSchema = z
  .strictObject({
    conversationId: idString,
    text: z.string().trim().max(CHAT_TEXT_MAX_LENGTH, { error: 'tooLong' }),
    attachments: attachmentsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.text === '' && (value.attachments ?? []).length === 0) ctx.addIssue({ code: 'custom', path: ['text'], message: 'required' });
  });

/**
 * chat.regenerate: runs the last turn again (also "retry" after an error); `messageId` is an
 * assistant message of that turn, the one the user acted on.
 */
export const chatRegenerateSchema = z.strictObject({
  conversationId: idString,
  messageId: idString,
});

/**
 * chat.edit: replaces one of the user's messages, and every message after it, by the new text and
 * answers it. Later turns are replaced, not kept as branches.
 */
export const chatEditSchema = z.strictObject({
  conversationId: idString,
  messageId: idString,
  // Only the text: the message keeps the files it was sent with, so files given here are refused
  // (an unknown field) rather than dropped unseen.
  text: z.string().trim().min(1, { error: 'required' }).max(CHAT_TEXT_MAX_LENGTH, { error: 'tooLong' }),
});

/** chat.toolResult: the whole result of one tool call of a stored message. */
export const toolResultQuerySchema = z.strictObject({
  conversationId: idString,
  messageId: idString,
  callId: idString,
});

export const approvalAnswerSchema = z.strictObject({
  callId: idString,
  decision: z.enum(APPROVAL_DECISIONS),
  /** Required with always_allow for a destructive tool: the user confirmed twice. */
  confirmedDestructive: z.boolean().optional(),
});

/** What chat.onConversation streams to the renderer for one conversation. */
export type ChatStreamEvent =
  /** A message was created or changed (streamed text, tool call status): its whole current state. */
  | { type: 'message'; message: ChatMessage }
  | { type: 'approval'; request: ApprovalRequest }
  | { type: 'approval_resolved'; callId: string; decision: ApprovalDecision | 'cancelled' }
  /** Whether a turn is running (the Stop button shows while it is). */
  | { type: 'turn'; running: boolean }
  /** Something the user should know that is not an error of a message, e.g. tools left out. */
  | { type: 'notice'; code: string; params?: Record<string, string | number> }
  /** Messages chat.edit or chat.regenerate replaced: they are gone from the conversation. */
  | { type: 'messages_removed'; ids: string[] };

export const conversationCreateSchema = z.strictObject({
  /** A title is a name the user gives: no control or invisible characters (names.ts). */
  title: z
    .string()
    .trim()
    .max(TITLE_MAX_LENGTH, { error: 'tooLong' })
    .refine((title) => !hasHiddenCharacters(title), { error: 'invalidCharacters' })
    .optional(),
  providerId: idString.optional(),
  model: z
    .string()
    .trim()
    .min(1)
    .max(ID_MAX_LENGTH, { error: 'tooLong' })
    .refine((id) => !hasHiddenCharacters(id), { error: 'invalidCharacters' })
    .optional(),
  toolMode: z.enum(TOOL_MODES).optional(),
  selectedServerIds: z.array(idString).max(SELECTED_SERVERS_MAX_COUNT, { error: 'tooMany' }).optional(),
  /** '' clears it; omitted on create: Settings → General's default. */
  systemPrompt: systemPromptText().optional(),
});

export const conversationUpdateSchema = conversationCreateSchema.extend({ id: idString });

/**
 * chat.conversations.create's input. With `reuseEmpty`, the newest conversation that is untitled and
 * has no message yet is answered instead of a new one (moved to the top, given the provider and
 * model it lacks and the other fields asked for), so pressing "New conversation" again does not pile
 * up empty entries.
 */
export const conversationCreateRequestSchema = conversationCreateSchema.extend({ reuseEmpty: z.boolean().optional() });
