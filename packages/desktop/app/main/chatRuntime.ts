/**
 * Composition of chat: the ApprovalService (on the app database), the TinyElf engine over the MCP
 * service (whose system servers bring the built-in tools) and the completion adapters, and ChatService. Part of the composition root, like
 * mcpRuntime.ts; the CLI builds its own engine with a terminal or fixed approval gate instead.
 */
import path from 'node:path';
import type { Db } from './db/database';
import { ConversationRepository } from './db/ConversationRepository';
import { sqliteStorageError } from './db/storageErrors';
import { SettingsRepository } from './db/SettingsRepository';
import { ToolPermissionRepository } from './db/ToolPermissionRepository';
import { TinyElfEngine } from './engine/TinyElfEngine';
import type { EngineMcpService } from './engine/tools/mcpScope';
import { ApprovalService } from './approvals/ApprovalService';
import type { McpLogger } from './mcp/ConnectionPool';
import { ChatService, type ChatProviders } from './chat/ChatService';
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
}

export interface ChatRuntime {
  approvals: ApprovalService;
  chat: ChatService;
  /** Nothing of its own to stop today: the built-in servers are McpService's (system servers). */
  dispose(): Promise<void>;
}

export function createChatRuntime(options: ChatRuntimeOptions): ChatRuntime {
  const { db, logger } = options;
  const approvals = new ApprovalService({
    permissions: new ToolPermissionRepository(db),
    settings: new SettingsRepository(db),
    onListenerError: (error) => logger?.warn(`approvals: a listener failed: ${String(error)}`),
  });
  const engine = new TinyElfEngine({
    completion: options.completion,
    mcp: options.mcp,
    approvals,
    policy: () => approvals.getPolicy(),
    adapterOptions: options.serverTimeoutMs ? { serverTimeoutMs: options.serverTimeoutMs } : {},
  });
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
  });
  return {
    approvals,
    chat,
    dispose: () => Promise.resolve(),
  };
}
