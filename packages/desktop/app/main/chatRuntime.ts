/**
 * Composition of chat: the ApprovalService (on the app database), the TinyElf engine over the MCP
 * service (whose system servers bring the built-in tools) and the completion adapters, and ChatService.
 * Part of the composition root, like mcpRuntime.ts. The one place the TinyElf engine is built:
 * `elftia chat` runs its turn on `engineWith(gate)` (a terminal or fixed approval gate), so it offers
 * the same tools as the app.
 */
import path from 'node:path';
import type { Db } from './db/database';
import { ConversationRepository } from './db/ConversationRepository';
import { sqliteStorageError } from './db/storageErrors';
import { SettingsRepository } from './db/SettingsRepository';
import { ToolPermissionRepository } from './db/ToolPermissionRepository';
import type { AppToolCaller } from './apps/appToolCalls';
import { runAppToolCall } from './engine/appToolCall';
import type { ApprovalGate } from './engine/engineTypes';
import { ArgumentCheck } from './engine/preparedCall';
import { TinyElfEngine } from './engine/TinyElfEngine';
import type { EngineMcpService } from './engine/tools/mcpScope';
import { ApprovalService } from './approvals/ApprovalService';
import type { McpLogger } from './mcp/ConnectionPool';
import type { ToolSwitches } from './mcp/toolSwitches';
import { ChatService, type ChatProviders, type ConversationAppContext } from './chat/ChatService';
import { TitleGenerator } from './chat/TitleGenerator';
import { AttachmentStore } from './chat/AttachmentStore';
import { ToolResultStore } from './chat/ToolResultStore';
import type { CompletionClient } from './completion/types';

export interface ChatRuntimeOptions {
  db: Db;
  /** The data dir: large tool results are kept under `tool-results/` in it, attached images under `attachments/`. */
  dataDir: string;
  mcp: EngineMcpService;
  completion: CompletionClient;
  providers: ChatProviders;
  /** The system prompt new conversations start with (Settings → General). */
  defaultSystemPrompt?: () => string;
  /** A server's own call timeout in milliseconds (its timeoutSec), which wins over the engine's 120 s when longer. */
  serverTimeoutMs?: (serverId: string) => number | undefined;
  logger?: McpLogger;
  /** The servers' per-tool switches: tools turned off are hidden from every turn, always-allowed ones run without asking. */
  switches?: ToolSwitches;
  /** The context MCP Apps gave the model (ui/update-model-context) for a conversation's next turns. */
  appContext?: ConversationAppContext;
}

export interface ChatRuntime {
  approvals: ApprovalService;
  chat: ChatService;
  /**
   * The app's engine (the same MCP service with its built-in servers, server timeouts and approval
   * policy) asking `approvals` instead of the app's ApprovalService: `elftia chat` answers on the
   * terminal or by --approve. The built-in servers it starts are McpService's, stopped with it.
   */
  engineWith(approvals: ApprovalGate): TinyElfEngine;
  /** An MCP App's `tools/call`, through the same approvals, switches, timeouts and argument checks as the engine's calls. */
  callForApp: AppToolCaller;
  /** Nothing of its own to stop today: the built-in servers are McpService's (system servers). */
  dispose(): Promise<void>;
}

export function createChatRuntime(options: ChatRuntimeOptions): ChatRuntime {
  const { db, logger } = options;
  const approvals = new ApprovalService({
    permissions: new ToolPermissionRepository(db),
    settings: new SettingsRepository(db),
    ...(options.switches ? { configAllows: options.switches.isAlwaysAllowed } : {}),
    onListenerError: (error) => logger?.warn(`approvals: a listener failed: ${String(error)}`),
  });
  const engineWith = (gate: ApprovalGate): TinyElfEngine =>
    new TinyElfEngine({
      completion: options.completion,
      mcp: options.mcp,
      approvals: gate,
      policy: () => approvals.getPolicy(),
      adapterOptions: options.serverTimeoutMs ? { serverTimeoutMs: options.serverTimeoutMs } : {},
      ...(options.switches ? { switches: options.switches } : {}),
    });
  const engine = engineWith(approvals);
  const chat = new ChatService({
    repository: new ConversationRepository(db),
    toolResults: new ToolResultStore(path.join(options.dataDir, 'tool-results')),
    attachments: new AttachmentStore(path.join(options.dataDir, 'attachments')),
    ...(options.defaultSystemPrompt ? { defaultSystemPrompt: options.defaultSystemPrompt } : {}),
    engine,
    providers: options.providers,
    approvals,
    logger,
    storageError: (error) => sqliteStorageError(error, db.name),
    titles: new TitleGenerator({ completion: options.completion }),
    ...(options.appContext ? { appContext: options.appContext } : {}),
  });
  const appCheck = new ArgumentCheck();
  const callForApp: AppToolCaller = (call, signal) =>
    runAppToolCall(call, {
      mcp: options.mcp,
      approvals,
      check: appCheck,
      appOfCall: (conversationId, callId) => chat.toolCallApp(conversationId, callId),
      adapterOptions: options.serverTimeoutMs ? { serverTimeoutMs: options.serverTimeoutMs } : {},
      ...(options.switches ? { switches: options.switches } : {}),
    }, signal);
  return {
    approvals,
    chat,
    engineWith,
    callForApp,
    dispose: () => Promise.resolve(),
  };
}
