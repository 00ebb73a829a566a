/**
 * Composition of what servers ask of the user (interactions/): the broker McpService hands server
 * requests to, with the chat's turns (a request during a tool call belongs to its conversation and
 * runs sampling on its model), the configured providers (sampling outside a chat), the open
 * workspace (roots) and the browser (URL mode).
 */
import { defaultModelOf } from '../shared/contracts/providers';
import type { CompletionClient } from './completion/types';
import { InteractionBroker } from './interactions/InteractionBroker';
import { SamplingRunner, type SamplingTarget } from './interactions/samplingRunner';
import { type WorkspaceFolderSource, workspaceRoots } from './interactions/workspaceRoots';
import type { ProviderService } from './providers/ProviderService';
import type { ChatService } from './chat/ChatService';
import type { McpLogger } from './mcp/ConnectionPool';

export interface InteractionsRuntimeOptions {
  completion: CompletionClient;
  providers: Pick<ProviderService, 'list' | 'resolve'>;
  workspace: WorkspaceFolderSource;
  openExternal?: (url: string) => Promise<void>;
  logger?: McpLogger;
}

export interface InteractionsRuntime {
  broker: InteractionBroker;
  /** Ties requests to the chat's turns, and cancels what a turn asked for when it ends; returns the undo. */
  attachChat(chat: Pick<ChatService, 'callTarget' | 'onTurnEnded'>): () => void;
}

export function createInteractionsRuntime(options: InteractionsRuntimeOptions): InteractionsRuntime {
  let chat: Pick<ChatService, 'callTarget' | 'onTurnEnded'> | undefined;
  const target = (callId: string | undefined): SamplingTarget | undefined => {
    const turn = callId ? chat?.callTarget(callId) : undefined;
    return turn ? { provider: turn.provider, model: turn.model } : defaultTarget(options.providers);
  };
  const broker = new InteractionBroker({
    ...(options.openExternal ? { openExternal: options.openExternal } : {}),
    conversationOfCall: (callId) => chat?.callTarget(callId)?.conversationId,
    sampler: new SamplingRunner({ completion: options.completion, target }),
    roots: workspaceRoots(options.workspace),
    onListenerError: (error) => options.logger?.warn(`interactions: a listener failed: ${String(error)}`),
  });
  return {
    broker,
    attachChat(attached) {
      chat = attached;
      const off = attached.onTurnEnded((conversationId) => broker.cancelConversation(conversationId));
      return () => {
        off();
        chat = undefined;
      };
    },
  };
}

/** Sampling outside a chat turn: the first configured provider with a model, on its default model. */
function defaultTarget(providers: Pick<ProviderService, 'list' | 'resolve'>): SamplingTarget | undefined {
  for (const record of providers.list()) {
    const model = defaultModelOf(record);
    if (model !== undefined) return { provider: providers.resolve(record.id), model };
  }
  return undefined;
}
