/**
 * The state of one turn while it runs: its Stop signal, the transcript the engine's events fold
 * into, the writer that stores and publishes the messages, and the calls that asked for approval.
 */
import type { ChatStreamEvent } from '../../shared/contracts/chat';
import type { ConversationRepository } from '../db/ConversationRepository';
import type { AppError } from '../lib/errors';
import type { ToolResultStore } from './ToolResultStore';
import { TurnTranscript } from './TurnTranscript';
import { type BatchTimers, TurnWriter } from './TurnWriter';

export interface RunningTurn {
  controller: AbortController;
  transcript: TurnTranscript;
  writer: TurnWriter;
  /** Calls of this turn that asked for approval, to route 'resolved' events. */
  callIds: Set<string>;
  done: Promise<void>;
}

export interface RunningTurnOptions {
  conversationId: string;
  repository: ConversationRepository;
  toolResults: ToolResultStore;
  publish(event: ChatStreamEvent): void;
  newId(): string;
  /** ISO 8601. */
  now(): string;
  /** Epoch milliseconds. */
  nowMs(): number;
  persistIntervalMs: number;
  publishIntervalMs: number;
  /** See ChatServiceOptions.batchTimers. */
  batchTimers?: BatchTimers;
  /** See ChatServiceOptions.storageError. */
  storageError?: (error: unknown) => AppError | undefined;
  warn(message: string, error: unknown): void;
}

export function newRunningTurn(options: RunningTurnOptions): RunningTurn {
  const { conversationId } = options;
  let storageNoticeShown = false;
  const writeFailed = (error: unknown) => {
    options.warn(`chat: could not store a message of ${conversationId}`, error);
    const failure = options.storageError?.(error);
    if (!failure || storageNoticeShown) return;
    storageNoticeShown = true;
    options.publish({ type: 'notice', code: failure.code, ...(failure.params ? { params: failure.params } : {}) });
  };
  return {
    controller: new AbortController(),
    transcript: new TurnTranscript({ conversationId, newId: options.newId, now: options.now, nowMs: options.nowMs }),
    writer: new TurnWriter({
      repository: options.repository,
      publish: options.publish,
      persistIntervalMs: options.persistIntervalMs,
      publishIntervalMs: options.publishIntervalMs,
      ...(options.batchTimers ? { timers: options.batchTimers } : {}),
      saveFullResult: (messageId, callId, result) => {
        options.toolResults.save(conversationId, messageId, callId, result).catch(writeFailed);
      },
      onError: writeFailed,
    }),
    callIds: new Set(),
    done: Promise.resolve(),
  };
}
