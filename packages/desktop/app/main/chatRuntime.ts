/**
 * Composition of chat: the ApprovalService (on the app database), the TinyElf engine over the MCP
 * service and the completion adapters, and ChatService. Part of the composition root, like
 * mcpRuntime.ts; the CLI builds its own engine with a terminal or fixed approval gate instead.
 */
import type { Db } from './db/database';
import { ConversationRepository } from './db/ConversationRepository';
import { SettingsRepository } from './db/SettingsRepository';
import { ToolPermissionRepository } from './db/ToolPermissionRepository';
import { builtinServers } from './builtin-servers';
import { BuiltinToolSession } from './services/agent-core/engine/tinyelf/BuiltinToolSession';
import { TinyElfEngine } from './services/agent-core/engine/tinyelf/TinyElfEngine';
import type { EngineMcpService } from './services/agent-core/engine/tinyelf/tools/mcpScope';
import { ApprovalService } from './services/approvals/ApprovalService';
import type { McpLogger } from './services/capabilities/tools/mcp-users/ConnectionPool';
import { ChatService, type ChatProviders } from './services/chat/ChatService';
import type { CompletionClient } from './services/completion/types';

export interface ChatRuntimeOptions {
  db: Db;
  mcp: EngineMcpService;
  completion: CompletionClient;
  providers: ChatProviders;
  /** A server's own call timeout in milliseconds (its timeoutSec), which wins over the engine's 120 s when longer. */
  serverTimeoutMs?: (serverId: string) => number | undefined;
  logger?: McpLogger;
}

export interface ChatRuntime {
  approvals: ApprovalService;
  chat: ChatService;
  /** Stops the built-in servers (started on the first turn that offers tools). */
  dispose(): Promise<void>;
}

export function createChatRuntime(options: ChatRuntimeOptions): ChatRuntime {
  const { db, logger } = options;
  const approvals = new ApprovalService({
    permissions: new ToolPermissionRepository(db),
    settings: new SettingsRepository(db),
    onListenerError: (error) => logger?.warn(`approvals: a listener failed: ${String(error)}`),
  });
  // The built-in clock-math server ships with every install; `files` needs a folder the user picks,
  // which has no setting yet, so it is not offered here.
  const builtins = new BuiltinToolSession(() => builtinServers());
  const engine = new TinyElfEngine({
    completion: options.completion,
    mcp: options.mcp,
    approvals,
    builtins,
    policy: () => approvals.getPolicy(),
    adapterOptions: options.serverTimeoutMs ? { serverTimeoutMs: options.serverTimeoutMs } : {},
  });
  const chat = new ChatService({
    repository: new ConversationRepository(db),
    engine,
    providers: options.providers,
    approvals,
    logger,
  });
  return { approvals, chat, dispose: () => builtins.close() };
}
