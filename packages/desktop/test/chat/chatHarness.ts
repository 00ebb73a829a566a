/**
 * ChatService on a real SQLite file with a real ApprovalService; only the engine is scripted (the
 * edge ChatService is tested against). Each scripted turn is a function that drives the turn's
 * options (events, the signal, the approval gate) and returns its TurnResult.
 */
import path from 'node:path';
import { afterEach } from 'vitest';
import type { ChatStreamEvent, ToolCallView } from '../../app/shared/contracts/chat';
import type { ResolvedProvider } from '../../app/shared/contracts/providers';
import { ConversationRepository } from '../../app/main/db/ConversationRepository';
import { type Db, openDatabase } from '../../app/main/db/database';
import { SettingsRepository } from '../../app/main/db/SettingsRepository';
import { ToolPermissionRepository } from '../../app/main/db/ToolPermissionRepository';
import { AppError } from '../../app/main/lib/errors';
import type { RunTurnOptions, TurnResult } from '../../app/main/engine/engineTypes';
import { ApprovalService } from '../../app/main/approvals/ApprovalService';
import { type ChatEngine, ChatService, type ChatServiceOptions } from '../../app/main/chat/ChatService';
import { AttachmentStore } from '../../app/main/chat/AttachmentStore';
import { ToolResultStore } from '../../app/main/chat/ToolResultStore';
import { tempDir } from '../support/tempDir';

export type ScriptedTurn = (options: RunTurnOptions) => Promise<TurnResult>;

export class ScriptedEngine implements ChatEngine {
  /** Every turn's options, as received. */
  readonly turns: RunTurnOptions[] = [];

  constructor(private readonly script: ScriptedTurn[] = []) {}

  add(...turns: ScriptedTurn[]): void {
    this.script.push(...turns);
  }

  runTurn(options: RunTurnOptions): Promise<TurnResult> {
    const turn = this.script[this.turns.length];
    this.turns.push({ ...options, history: structuredClone(options.history) });
    if (!turn) return Promise.reject(new Error(`the script has no turn ${this.turns.length}`));
    return turn(options);
  }
}

/** A turn that streams `text` in two pieces and answers. */
export function answers(text: string): ScriptedTurn {
  return async (options) => {
    options.onEvent({ type: 'step_start', stepIndex: 0 });
    options.onEvent({ type: 'text', stepIndex: 0, delta: text.slice(0, 2) });
    options.onEvent({ type: 'text', stepIndex: 0, delta: text.slice(2) });
    return { messages: [{ role: 'assistant', text, toolCalls: [] }], stopReason: 'answered' };
  };
}

/** Resolves when `signal` aborts. */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
}

export const PROVIDER: ResolvedProvider = {
  id: 'p1',
  name: 'Scripted',
  kind: 'openai',
  models: ['model-a', 'model-b'],
  hasApiKey: true,
  apiKey: 'k',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** ProviderService's contract: the provider, or PROVIDER_NOT_CONFIGURED. */
export const providers = {
  resolve(id: string): ResolvedProvider {
    if (id !== PROVIDER.id) throw new AppError('PROVIDER_NOT_CONFIGURED', { params: { id } });
    return PROVIDER;
  },
};

export interface ChatSetup {
  file: string;
  db: Db;
  repository: ConversationRepository;
  approvals: ApprovalService;
  engine: ScriptedEngine;
  chat: ChatService;
}

const opened: ChatSetup[] = [];
afterEach(async () => {
  for (const setup of opened.splice(0)) await closeChat(setup);
});

export async function closeChat(setup: ChatSetup): Promise<void> {
  await setup.chat.dispose();
  if (setup.db.open) setup.db.close();
}

/** A ChatService on `file` (a fresh database by default), closed after the test. */
export function openChat(options: { file?: string; engine?: ScriptedEngine } & Partial<ChatServiceOptions> = {}): ChatSetup {
  const file = options.file ?? path.join(tempDir('chat-'), 'elftia.db');
  const db = openDatabase(file);
  const repository = new ConversationRepository(db);
  const approvals = new ApprovalService({ permissions: new ToolPermissionRepository(db), settings: new SettingsRepository(db) });
  const engine = options.engine ?? new ScriptedEngine();
  let clock = Date.UTC(2026, 0, 2);
  const toolResults = new ToolResultStore(path.join(path.dirname(file), 'tool-results'));
  const attachments = new AttachmentStore(path.join(path.dirname(file), 'attachments'));
  const chat = new ChatService({ repository, toolResults, attachments, engine, providers, approvals, clock: { now: () => (clock += 1000) }, persistIntervalMs: 10, publishIntervalMs: 5, ...options });
  const setup = { file, db, repository, approvals, engine, chat };
  opened.push(setup);
  return setup;
}

/** Every event of one conversation, in order. */
export function record(chat: ChatService, conversationId: string): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  chat.subscribe(conversationId, (event) => events.push(event));
  return events;
}

export function view(id: string, status: ToolCallView['status'], extra: Partial<ToolCallView> = {}): ToolCallView {
  return { id, providerToolName: `mcp__everything__echo`, serverId: 's1', serverName: 'everything', toolName: 'echo', arguments: { message: 'hi' }, status, ...extra };
}
