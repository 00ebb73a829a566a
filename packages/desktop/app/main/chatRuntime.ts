/**
 * Composition of chat: the ApprovalService (on the app database), the TinyElf engine over the MCP
 * service and the completion adapters, and ChatService. Part of the composition root, like
 * mcpRuntime.ts. The one place the TinyElf engine is built: `elftia chat` runs its turn on
 * `engineWith(gate)` (a terminal or fixed approval gate), so it offers the same tools as the app.
 */
import path from 'node:path';
import type { Db } from './db/database';
import { ConversationRepository } from './db/ConversationRepository';
import { sqliteStorageError } from './db/storageErrors';
import { SettingsRepository } from './db/SettingsRepository';
import { ToolPermissionRepository } from './db/ToolPermissionRepository';
import { builtinServers } from './builtin-servers';
import { BuiltinToolSession } from './engine/BuiltinToolSession';
import type { ApprovalGate } from './engine/engineTypes';
import { TinyElfEngine } from './engine/TinyElfEngine';
import type { EngineMcpService } from './engine/tools/mcpScope';
import { ApprovalService } from './approvals/ApprovalService';
import type { McpLogger } from './mcp/ConnectionPool';
import type { ProcessTracker } from './mcp/process/ProcessTracker';
import { buildServerEnv } from './mcp/process/serverEnv';
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
  /** The folder the built-in `files` server may read ('' = not offered); read at each (re)start. */
  filesFolder?: () => string;
  /** The system prompt new conversations start with (Settings → General). */
  defaultSystemPrompt?: () => string;
  /** Told of settings changes (a new files folder restarts the built-in servers). */
  onSettingsChange?: (listener: () => void) => () => void;
  /** A server's own call timeout in milliseconds (its timeoutSec), which wins over the engine's 120 s when longer. */
  serverTimeoutMs?: (serverId: string) => number | undefined;
  logger?: McpLogger;
  /** The MCP runtime's process tracker, which the built-in servers' processes join; default one of their own. */
  processTracker?: ProcessTracker;
}

export interface ChatRuntime {
  approvals: ApprovalService;
  chat: ChatService;
  /**
   * The app's engine (the same built-in servers, MCP service, server timeouts and approval policy)
   * asking `approvals` instead of the app's ApprovalService: `elftia chat` answers on the terminal
   * or by --approve. Disposing the runtime stops the built-in servers it started.
   */
  engineWith(approvals: ApprovalGate): TinyElfEngine;
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
  // clock-math ships with every install; `files` only once the user picked a folder (Settings → General),
  // and a new folder restarts the built-in servers for the next turn.
  // Elftia's own servers need none of the app's secrets either: the same allowlist as every server.
  const builtins = new BuiltinToolSession(() => builtinServers({ filesRoot: options.filesFolder?.() || undefined }), {
    baseEnv: buildServerEnv({ platform: process.platform, processEnv: process.env }),
    ...(options.processTracker ? { tracker: options.processTracker } : {}),
  });
  let folder = options.filesFolder?.() ?? '';
  const offSettings = options.onSettingsChange?.(() => {
    const next = options.filesFolder?.() ?? '';
    if (next === folder) return;
    folder = next;
    void builtins.reset();
  });
  const engineWith = (gate: ApprovalGate): TinyElfEngine =>
    new TinyElfEngine({
      completion: options.completion,
      mcp: options.mcp,
      approvals: gate,
      builtins,
      policy: () => approvals.getPolicy(),
      adapterOptions: options.serverTimeoutMs ? { serverTimeoutMs: options.serverTimeoutMs } : {},
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
  });
  return {
    approvals,
    chat,
    engineWith,
    dispose: () => {
      offSettings?.();
      return builtins.close();
    },
  };
}
