/**
 * What one turn looks like to the user: the engine's events folded into assistant ChatMessages, one
 * per model step, with the streamed text and the step's tool call views. Pure (no I/O), so ChatService
 * persists it and the `elftia chat` CLI prints it from the same mapping.
 */
import type { ChatMessage, ManyToolsNote, ToolCallStatus, ToolCallView } from '../../shared/contracts/chat';
import type { EngineEvent, TurnResult } from '../engine/engineTypes';

export interface TranscriptOptions {
  conversationId: string;
  newId(): string;
  /** ISO 8601, for ChatMessage.createdAt. */
  now(): string;
  /** Epoch milliseconds, for the end of tool calls the engine left unfinished. */
  nowMs(): number;
}

/**
 * 'major' changes (a new message, a tool call changing status) are worth showing and storing at
 * once; 'minor' ones (a text delta, tool progress) may be batched.
 */
export interface TranscriptChange {
  message: ChatMessage;
  weight: 'major' | 'minor';
}

const UNFINISHED: ReadonlySet<ToolCallStatus> = new Set(['awaiting_approval', 'running', 'streaming']);

export class TurnTranscript {
  /** By step index; messages are replaced, never mutated, so a snapshot handed out stays valid. */
  private readonly steps = new Map<number, ChatMessage>();
  /** Set by 'many_tools' (before the first step); the turn's first message carries it. */
  private manyTools: ManyToolsNote | undefined;

  constructor(private readonly options: TranscriptOptions) {}

  /** The turn's assistant messages so far, in step order. */
  messages(): ChatMessage[] {
    return [...this.steps.entries()].sort(([a], [b]) => a - b).map(([, message]) => message);
  }

  /** Folds one engine event in; undefined when it changes no message (approvals, notices). */
  apply(event: EngineEvent): TranscriptChange | undefined {
    switch (event.type) {
      case 'step_start':
        return this.steps.has(event.stepIndex) ? undefined : { message: this.step(event.stepIndex), weight: 'major' };
      case 'text': {
        const created = !this.steps.has(event.stepIndex);
        const message = this.step(event.stepIndex);
        return { message: this.put(event.stepIndex, { ...message, text: message.text + event.delta }), weight: created ? 'major' : 'minor' };
      }
      case 'tool_call':
        return this.applyCall(event.stepIndex, event.call);
      case 'usage': {
        const created = !this.steps.has(event.stepIndex);
        const message = this.step(event.stepIndex);
        return { message: this.put(event.stepIndex, { ...message, usage: event.usage }), weight: created ? 'major' : 'minor' };
      }
      case 'many_tools':
        this.manyTools = { toolCount: event.toolCount, threshold: event.threshold };
        return undefined;
      case 'approval_requested':
      case 'tools_omitted':
        return undefined;
    }
  }

  /**
   * Gives every message its final status: the last one tells how the turn ended (done, stopped, or
   * error with a translatable code), the ones before it are complete steps. A turn that failed before
   * its first step still gets a message, so the user sees why. Calls the engine left running or
   * waiting are marked cancelled: nothing will finish them now.
   */
  finish(result: TurnResult): ChatMessage[] {
    const failed = result.stopReason === 'error' || result.stopReason === 'step_limit';
    if (this.steps.size === 0 && failed) this.step(0);
    const messages = this.messages();
    const stepCount = messages.length;
    const last = messages.length - 1;
    const finished = messages.map((message, index) => {
      const toolCalls = message.toolCalls.map((call) => (UNFINISHED.has(call.status) ? this.cancelled(call) : call));
      const ending: Partial<ChatMessage> = index === last ? endingOf(result, stepCount) : { status: 'done' };
      return { ...message, toolCalls, ...ending };
    });
    [...this.steps.keys()].sort((a, b) => a - b).forEach((stepIndex, index) => this.steps.set(stepIndex, finished[index] as ChatMessage));
    return finished;
  }

  private applyCall(stepIndex: number, call: ToolCallView): TranscriptChange {
    const message = this.step(stepIndex);
    const index = message.toolCalls.findIndex((existing) => existing.id === call.id);
    const previous = index >= 0 ? message.toolCalls[index] : undefined;
    const toolCalls = index >= 0 ? message.toolCalls.map((existing, i) => (i === index ? call : existing)) : [...message.toolCalls, call];
    const weight = previous?.status === call.status ? 'minor' : 'major';
    return { message: this.put(stepIndex, { ...message, toolCalls }), weight };
  }

  private step(stepIndex: number): ChatMessage {
    const existing = this.steps.get(stepIndex);
    if (existing) return existing;
    const { conversationId, newId, now } = this.options;
    const message: ChatMessage = { id: newId(), conversationId, role: 'assistant', text: '', toolCalls: [], status: 'streaming', createdAt: now() };
    if (this.manyTools && this.steps.size === 0) message.manyTools = this.manyTools;
    return this.put(stepIndex, message);
  }

  private put(stepIndex: number, message: ChatMessage): ChatMessage {
    this.steps.set(stepIndex, message);
    return message;
  }

  private cancelled(call: ToolCallView): ToolCallView {
    const { progress: _progress, ...rest } = call;
    return { ...rest, status: 'cancelled', endedAtMs: call.endedAtMs ?? this.options.nowMs() };
  }
}

function endingOf(result: TurnResult, stepCount: number): Pick<ChatMessage, 'status' | 'error'> {
  switch (result.stopReason) {
    case 'answered':
      return { status: 'done' };
    case 'stopped':
      return { status: 'stopped' };
    case 'step_limit':
      return { status: 'error', error: { code: 'STEP_LIMIT', params: { steps: stepCount } } };
    case 'error':
      return { status: 'error', error: result.error ?? { code: 'INTERNAL' } };
  }
}
