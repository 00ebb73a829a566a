/**
 * Answers what servers ask of Elftia (McpClientRequests): form and URL elicitations and sampling
 * wait for the user like tool-call approvals do (approvals/ApprovalService.ts) — an event when one
 * is pending, `answer(id, …)`, and an end when the server or the call gives up (the origin's
 * signal) or the chat turn stops (`cancelConversation`). Roots come from the open workspace.
 *
 * Whoever shows the requests answers them: the renderer through routers/InteractionsRouter.ts, the
 * CLI on the terminal, a non-interactive client (the conformance entry) from `onEvent` in code.
 */
import { URL } from 'node:url';
import { parseElicitSchema, validateElicitAnswer, type ElicitField } from '../../shared/contracts/elicitation';
import type { InteractionAnswer, InteractionAnswerResult, InteractionBase, InteractionOutcome, InteractionsState, PendingInteraction, SampledResult, SamplingMessageView } from '../../shared/contracts/interactions';
import type { ElicitOutcome, ElicitParams, McpClientRequests, McpRoot, SamplingOutcome, SamplingParams, ServerRequestOrigin } from '../mcp/clientRequests';
import { AppError } from '../lib/errors';
import { EventHub } from '../lib/eventHub';
import { invalidParams, userRejected } from './requestErrors';
import type { Sampler } from './samplingRunner';
import type { RootsSource } from './workspaceRoots';

export type InteractionEvent =
  | { type: 'requested'; interaction: PendingInteraction }
  | { type: 'resolved'; id: string; outcome: InteractionOutcome }
  /** A sampling request's completion, sent back to the server: shown in the tool-call card. */
  | { type: 'sampled'; result: SampledResult };


export interface InteractionBrokerOptions {
  /** Opens a page in the user's browser (Electron's shell.openExternal); without it the UI opens the link itself. */
  openExternal?: (url: string) => Promise<void>;
  /** The conversation a tool call belongs to, while its turn runs. */
  conversationOfCall?: (callId: string) => string | undefined;
  /** Runs an approved sampling request; without one, sampling requests are rejected. */
  sampler?: Sampler;
  /** The roots offered to servers; default none. */
  roots?: RootsSource;
  newId?: () => string;
  onListenerError?: (error: unknown) => void;
}

/** How many sampled results are kept for the cards of their tool calls (the newest). */
export const SAMPLED_RESULTS_KEPT = 50;

interface Pending {
  view: PendingInteraction;
  /** Settles the server's request; `answer` has checked the answer fits the kind. */
  settle(answer: InteractionAnswer | 'cancelled'): void;
}


export class InteractionBroker implements McpClientRequests {
  private readonly pending = new Map<string, Pending>();
  private readonly events: EventHub<InteractionEvent>;
  private readonly sampled: SampledResult[] = [];
  private readonly newId: () => string;

  constructor(private readonly options: InteractionBrokerOptions = {}) {
    this.events = new EventHub(options.onListenerError);
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  /** Returns the unsubscribe function. */
  onEvent(listener: (event: InteractionEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  /** Waiting for the user, oldest first. */
  listPending(): PendingInteraction[] {
    return [...this.pending.values()].map((entry) => entry.view);
  }

  /** The newest sampled results, oldest first. */
  listSampled(): SampledResult[] {
    return [...this.sampled];
  }

  state(): InteractionsState {
    return { pending: this.listPending(), sampled: this.listSampled() };
  }

  elicit(params: ElicitParams, origin: ServerRequestOrigin): Promise<ElicitOutcome> {
    if (params.mode === 'url') return this.elicitUrl(params, origin);
    const form = parseElicitSchema(params.requestedSchema);
    if (!form.ok) return Promise.reject(invalidParams(`Invalid requestedSchema: ${form.problem}`));
    const fields = form.fields;
    return this.wait<ElicitOutcome>(origin, (base) => ({ ...base, kind: 'form', message: params.message, fields }), (answer) => formOutcome(fields, answer));
  }

  async createMessage(params: SamplingParams, origin: ServerRequestOrigin): Promise<SamplingOutcome> {
    const sampler = this.options.sampler;
    if (!sampler) throw userRejected('Sampling is not available in this client');
    const view = samplingView(params);
    const approved = await this.wait<SamplingParams>(
      origin,
      (base) => ({ ...base, kind: 'sampling', ...view }),
      (answer) => {
        if (answer === 'cancelled' || answer.action === 'reject') throw userRejected();
        if (answer.action !== 'approve') throw wrongAction();
        return answer.text === undefined ? params : withLastUserText(params, answer.text);
      },
    );
    const outcome = await sampler.sample(approved, { ...(origin.callId ? { callId: origin.callId } : {}), signal: origin.signal });
    this.recordSample(origin, outcome);
    return outcome;
  }

  listRoots(_origin: ServerRequestOrigin): Promise<McpRoot[]> {
    return Promise.resolve(this.options.roots?.roots() ?? []);
  }

  onRootsChanged(listener: () => void): () => void {
    return this.options.roots?.onChange(listener) ?? (() => {});
  }

  /**
   * The user's answer. Throws NOT_FOUND when nothing waits under `id`, VALIDATION (by field name)
   * when accepted form values do not fit; the request then stays pending.
   */
  async answer(id: string, answer: InteractionAnswer): Promise<InteractionAnswerResult> {
    const entry = this.pending.get(id);
    if (!entry) throw new AppError('NOT_FOUND', { params: { id }, message: `no interaction pending under ${id}` });
    checkAnswer(entry.view, answer);
    let result: InteractionAnswerResult = {};
    if (entry.view.kind === 'url' && answer.action === 'accept') {
      const open = this.options.openExternal;
      // Opened before the server hears "accept": it may wait for the page's callback right away.
      if (open) await open(entry.view.url);
      result = { opened: open !== undefined };
      // Answered elsewhere while the browser was starting.
      if (!this.pending.has(id)) return result;
    }
    this.pending.delete(id);
    entry.settle(answer);
    this.events.emit({ type: 'resolved', id, outcome: answer.action });
    return result;
  }

  /** The chat turn of `conversationId` stopped: what its tool calls asked for is cancelled. */
  cancelConversation(conversationId: string): void {
    for (const [id, entry] of [...this.pending]) if (entry.view.conversationId === conversationId) this.cancel(id, entry);
  }

  /** Everything pending is cancelled (the app quits). */
  cancelAll(): void {
    for (const [id, entry] of [...this.pending]) this.cancel(id, entry);
  }

  private cancel(id: string, entry: Pending): void {
    this.pending.delete(id);
    entry.settle('cancelled');
    this.events.emit({ type: 'resolved', id, outcome: 'cancelled' });
  }

  private elicitUrl(params: Extract<ElicitParams, { mode: 'url' }>, origin: ServerRequestOrigin): Promise<ElicitOutcome> {
    const host = webHost(params.url);
    if (host === undefined) return Promise.reject(invalidParams('URL elicitation needs an absolute http:// or https:// URL'));
    return this.wait<ElicitOutcome>(
      origin,
      (base) => ({ ...base, kind: 'url', message: params.message, url: params.url, host }),
      (answer) => (answer === 'cancelled' ? { action: 'cancel' } : { action: elicitAction(answer) }),
    );
  }

  /**
   * Lists a pending interaction until it is answered, cancelled, or the origin's signal aborts
   * (then the request rejects with the signal's reason: the server gave up, nobody reads an answer).
   */
  private wait<T>(
    origin: ServerRequestOrigin,
    build: (base: InteractionBase) => PendingInteraction,
    outcome: (answer: InteractionAnswer | 'cancelled') => T,
  ): Promise<T> {
    const { signal } = origin;
    if (signal.aborted) return Promise.reject(abortReason(signal));
    const id = this.newId();
    const conversationId = origin.callId ? this.options.conversationOfCall?.(origin.callId) : undefined;
    const view = build({
      id,
      serverId: origin.serverId,
      serverName: origin.serverName,
      ...(origin.callId ? { callId: origin.callId } : {}),
      ...(conversationId ? { conversationId } : {}),
    });
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.delete(id)) return;
        this.events.emit({ type: 'resolved', id, outcome: 'cancelled' });
        reject(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        view,
        settle: (answer) => {
          signal.removeEventListener('abort', onAbort);
          try {
            resolve(outcome(answer));
          } catch (error) {
            reject(error);
          }
        },
      });
      this.events.emit({ type: 'requested', interaction: view });
    });
  }

  private recordSample(origin: ServerRequestOrigin, outcome: SamplingOutcome): void {
    const conversationId = origin.callId ? this.options.conversationOfCall?.(origin.callId) : undefined;
    const result: SampledResult = {
      id: this.newId(),
      serverName: origin.serverName,
      ...(origin.callId ? { callId: origin.callId } : {}),
      ...(conversationId ? { conversationId } : {}),
      model: outcome.model,
      text: outcome.content.type === 'text' ? outcome.content.text : `[${outcome.content.type}]`,
    };
    this.sampled.push(result);
    if (this.sampled.length > SAMPLED_RESULTS_KEPT) this.sampled.splice(0, this.sampled.length - SAMPLED_RESULTS_KEPT);
    this.events.emit({ type: 'sampled', result });
  }
}

const FORM_ACTIONS = new Set(['accept', 'decline', 'cancel']);

/** Throws VALIDATION for an answer of another kind's (approve on a form) or form values that do not fit. */
function checkAnswer(view: PendingInteraction, answer: InteractionAnswer): void {
  switch (view.kind) {
    case 'form':
      if (!FORM_ACTIONS.has(answer.action)) throw wrongAction();
      if (answer.action === 'accept') {
        const checked = validateElicitAnswer(view.fields, answer.content ?? {});
        if (!checked.ok) throw AppError.validation(checked.errors);
      }
      return;
    case 'url':
      if (!FORM_ACTIONS.has(answer.action) || (answer.action === 'accept' && answer.content !== undefined)) throw wrongAction();
      return;
    case 'sampling':
      if (answer.action !== 'approve' && answer.action !== 'reject') throw wrongAction();
      return;
    default:
      throw wrongAction();
  }
}

function wrongAction(): AppError {
  return AppError.validation([{ field: 'action', code: 'invalid' }]);
}

function elicitAction(answer: InteractionAnswer): ElicitOutcome['action'] {
  switch (answer.action) {
    case 'accept':
    case 'decline':
    case 'cancel':
      return answer.action;
    case 'approve':
    case 'reject':
      throw wrongAction();
    default:
      throw wrongAction();
  }
}

function formOutcome(fields: readonly ElicitField[], answer: InteractionAnswer | 'cancelled'): ElicitOutcome {
  if (answer === 'cancelled') return { action: 'cancel' };
  const action = elicitAction(answer);
  if (action !== 'accept') return { action };
  // Checked in answer(); checked again here so what reaches the server is exactly the validated content.
  const checked = validateElicitAnswer(fields, answer.action === 'accept' ? (answer.content ?? {}) : {});
  if (!checked.ok) throw AppError.validation(checked.errors);
  return { action: 'accept', content: checked.content };
}

function samplingView(params: SamplingParams): { messages: SamplingMessageView[]; systemPrompt?: string; maxTokens: number; editableText: string } {
  const messages = params.messages.map((message) => {
    const parts = Array.isArray(message.content) ? message.content : [message.content];
    const text = parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
    const media = parts.flatMap((part) => (part.type === 'image' || part.type === 'audio' ? [part.type] : []));
    return { role: message.role, text, media };
  });
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  return { messages, ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}), maxTokens: params.maxTokens, editableText: lastUser?.text ?? '' };
}

/** The request with the last user message's text parts replaced by the user's edit (its images kept). */
function withLastUserText(params: SamplingParams, text: string): SamplingParams {
  const index = params.messages.map((message) => message.role).lastIndexOf('user');
  if (index < 0) return params;
  const message = params.messages[index]!;
  const parts = Array.isArray(message.content) ? message.content : [message.content];
  const others = parts.filter((part) => part.type !== 'text');
  const messages = [...params.messages];
  messages[index] = { role: 'user', content: [{ type: 'text', text }, ...others] };
  return { ...params, messages };
}

/** The host of an absolute http(s) URL, or undefined. */
function webHost(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.host : undefined;
  } catch {
    return undefined;
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
