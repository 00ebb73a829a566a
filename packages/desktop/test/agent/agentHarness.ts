/**
 * The engine over real parts: McpService with real stdio servers (server-everything and fixtures), an
 * ApprovalService on a real SQLite file, and a scripted model. Only the LLM is scripted.
 */
import path from 'node:path';
import type { ToolCallView } from '../../app/shared/contracts/chat';
import type { ResolvedProvider } from '../../app/shared/contracts/providers';
import { type Db, openDatabase } from '../../app/main/db/database';
import { SettingsRepository } from '../../app/main/db/SettingsRepository';
import { ToolPermissionRepository } from '../../app/main/db/ToolPermissionRepository';
import type { EngineEvent, RunTurnOptions, TurnResult } from '../../app/main/engine/engineTypes';
import { TinyElfEngine, type TinyElfEngineOptions } from '../../app/main/engine/TinyElfEngine';
import { ApprovalService } from '../../app/main/approvals/ApprovalService';
import type { EngineMessage } from '../../app/main/completion/types';
import { everythingEntry, makeRecord } from '../mcp/helpers';
import { tempDir } from '../support/tempDir';
import { type Step, ScriptedCompletion } from './scriptedCompletion';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');

export function everythingRecord(name = 'everything') {
  return makeRecord({ name, type: 'stdio', config: { command: process.execPath, args: [everythingEntry(), 'stdio'] } });
}

export function provider(kind: ResolvedProvider['kind'] = 'openai'): ResolvedProvider {
  const now = new Date(0).toISOString();
  return { id: `p-${kind}`, name: kind, kind, models: ['m'], hasApiKey: true, apiKey: 'k', createdAt: now, updatedAt: now };
}

export interface Approvals {
  db: Db;
  file: string;
  service: ApprovalService;
}

/** An ApprovalService on a fresh (or the given) database file, with every migration applied. */
export function openApprovals(file = path.join(tempDir('agent-db-'), 'elftia.db')): Approvals {
  const db = openDatabase(file);
  const service = new ApprovalService({ permissions: new ToolPermissionRepository(db), settings: new SettingsRepository(db), now: () => Date.UTC(2026, 0, 2) });
  return { db, file, service };
}

export interface TurnRun {
  result: TurnResult;
  events: EngineEvent[];
  model: ScriptedCompletion;
  /** The last view of every call, by id. */
  calls: Map<string, ToolCallView>;
  /** Every view emitted, in order. */
  views: ToolCallView[];
}

export interface TurnSetup {
  engine: Omit<TinyElfEngineOptions, 'completion'>;
  steps: Step[];
  turn?: Partial<RunTurnOptions>;
  /** Called on every event, e.g. to answer approvals or press Stop. */
  onEvent?: (event: EngineEvent) => void;
}

export const USER: EngineMessage = { role: 'user', text: 'Please help.' };

export async function runTurn(setup: TurnSetup): Promise<TurnRun> {
  const model = new ScriptedCompletion(setup.steps);
  const engine = new TinyElfEngine({ ...setup.engine, completion: model });
  const events: EngineEvent[] = [];
  const result = await engine.runTurn({
    conversationId: 'conv-1',
    provider: provider(),
    model: 'm',
    history: [USER],
    toolMode: 'auto',
    selectedServerIds: [],
    signal: new AbortController().signal,
    onEvent: (event) => {
      events.push(event);
      setup.onEvent?.(event);
    },
    ...setup.turn,
  });
  const views = events.flatMap((e) => (e.type === 'tool_call' ? [e.call] : []));
  return { result, events, model, calls: new Map(views.map((v) => [v.id, v])), views };
}

export function only<T>(values: Iterable<T>): T {
  const all = [...values];
  if (all.length !== 1) throw new Error(`expected exactly one, got ${all.length}`);
  return all[0] as T;
}
