/**
 * A local LLM provider for tests: a real HTTP server on 127.0.0.1 speaking the OpenAI, Anthropic
 * and Gemini wire formats, answering each model request with the next turn of a script and
 * recording every request it received. Elftia reaches it through the official SDKs' base-URL option:
 * OpenAI `${url}/v1`, Anthropic `${url}`, Gemini `${url}`.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TITLE_SYSTEM_PROMPT } from '../../../app/main/chat/TitleGenerator';
import { CHECKERS, type Violation } from '../../tools/providerRules';
import { handleControl } from './control';
import { unmetExpectations } from './expectations';
import { listedModels, parseScript, type Script, type ScriptInput, type Turn, type WireFormatName } from './script';
import { anthropicWire } from './wire/anthropic';
import { geminiWire } from './wire/gemini';
import { openaiWire } from './wire/openai';
import type { Wire } from './wire/types';

export type Outcome = 'reply' | 'error' | 'rejected' | 'unmet' | 'unauthorized' | 'malformed' | 'held' | 'exhausted' | 'wrong-format' | 'models' | 'not-found';

export interface RecordedRequest {
  seq: number;
  format: WireFormatName | undefined;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The parsed JSON body (undefined for GET). */
  body: unknown;
  /** The key the request carried, whichever header (or `?key=`) its format uses. */
  apiKey: string | undefined;
  outcome: Outcome;
  /** The script turn that answered it (0-based). */
  turn?: number;
  violations?: Violation[];
  /** True once the client closed the connection before the response ended (an abort). */
  clientAborted: boolean;
  /** 'title': one of Elftia's title requests, answered by the script's `title` (no turn used). */
  purpose?: 'title';
}

export interface ScriptedProvider {
  url: string;
  /** Required in the `x-scripted-provider-token` header of the control endpoints. */
  controlToken: string;
  /** Replaces the script and starts again at its first turn; clears the recorded requests. */
  setScript(script: ScriptInput): void;
  readonly requests: readonly RecordedRequest[];
  /** Turns not yet used. */
  readonly remainingTurns: number;
  close(): Promise<void>;
}

export interface ScriptedProviderOptions {
  script?: ScriptInput;
  /** Default 0: any free port. */
  port?: number;
}

interface Route {
  wire: Wire;
  kind: 'generate' | 'models';
  stream: boolean;
  model?: string;
}

const GEMINI_PATH = /^\/v1beta\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;

function route(method: string, pathname: string, headers: http.IncomingHttpHeaders): Route | undefined {
  if (method === 'POST' && pathname === '/v1/chat/completions') return { wire: openaiWire, kind: 'generate', stream: true };
  if (method === 'POST' && pathname === '/v1/messages') return { wire: anthropicWire, kind: 'generate', stream: true };
  // OpenAI and Anthropic share the path; Anthropic's SDK always sends anthropic-version.
  if (method === 'GET' && pathname === '/v1/models') return { wire: headers['anthropic-version'] ? anthropicWire : openaiWire, kind: 'models', stream: false };
  if (method === 'GET' && pathname === '/v1beta/models') return { wire: geminiWire, kind: 'models', stream: false };
  const gemini = method === 'POST' ? GEMINI_PATH.exec(pathname) : null;
  if (gemini) return { wire: geminiWire, kind: 'generate', stream: gemini[2] === 'streamGenerateContent', model: decodeURIComponent(gemini[1]!) };
  return undefined;
}

function apiKeyOf(headers: http.IncomingHttpHeaders, query: URLSearchParams): string | undefined {
  const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
  return bearer ?? (headers['x-api-key'] as string | undefined) ?? (headers['x-goog-api-key'] as string | undefined) ?? query.get('key') ?? undefined;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startScriptedProvider(options: ScriptedProviderOptions = {}): Promise<ScriptedProvider> {
  const provider = new ScriptedProviderServer(parseScript(options.script ?? {}));
  await provider.listen(options.port ?? 0);
  return provider;
}

class ScriptedProviderServer implements ScriptedProvider {
  url = '';
  readonly controlToken = crypto.randomBytes(16).toString('hex');
  readonly requests: RecordedRequest[] = [];
  #script: Script;
  #cursor = 0;
  readonly #streams = new Set<http.ServerResponse>();
  readonly #server = http.createServer((req, res) => {
    this.#handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `scripted provider failed: ${(error as Error).message}` } });
      else res.destroy();
    });
  });

  constructor(script: Script) {
    this.#script = script;
  }

  get remainingTurns(): number {
    return this.#script.turns.length - this.#cursor;
  }

  setScript(input: ScriptInput): void {
    this.#script = parseScript(input);
    this.#cursor = 0;
    this.requests.length = 0;
  }

  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, '127.0.0.1', () => resolve());
    });
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const res of this.#streams) res.destroy();
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    // Idle keep-alive sockets of the SDKs' fetch would otherwise hold close() open.
    this.#server.closeAllConnections();
    await closed;
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/__')) return handleControl(req, res, url, this);
    const raw = await readBody(req);
    const match = route(req.method ?? 'GET', url.pathname, req.headers);
    const record: RecordedRequest = {
      seq: this.requests.length,
      format: match?.wire.name,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
      body: raw ? safeJson(raw) : undefined,
      apiKey: apiKeyOf(req.headers, url.searchParams),
      outcome: 'not-found',
      clientAborted: false,
    };
    this.requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.clientAborted = true;
    });
    if (!match) return sendJson(res, 404, { error: { message: `scripted provider: no route for ${req.method} ${url.pathname}` } });
    await this.#answer(match, record, res);
  }

  async #answer(match: Route, record: RecordedRequest, res: http.ServerResponse): Promise<void> {
    const { wire } = match;
    const refusal = this.#refusal(match, record);
    if (refusal) return sendJson(res, refusal.status, refusal.body);
    if (match.kind === 'models') {
      record.outcome = 'models';
      return sendJson(res, 200, wire.models(listedModels(this.#script), new URLSearchParams(record.query), this.#script.modelsPageSize));
    }
    if (isTitleRequest(record.body)) {
      record.purpose = 'title';
      const title = this.#script.title;
      if (title) return this.#play(match, title, record, res);
      record.outcome = 'error';
      return sendJson(res, 500, wire.errorBody(500, 'scripted provider: the script has no title answer'));
    }
    const turn = this.#script.turns[this.#cursor];
    if (!turn) {
      record.outcome = 'exhausted';
      return sendJson(res, 500, wire.errorBody(500, `scripted provider: no turn left for request #${record.seq}`));
    }
    record.turn = this.#cursor;
    this.#cursor += 1;
    return this.#play(match, turn, record, res);
  }

  /** Answers the request with one scripted turn. */
  async #play(match: Route, turn: Turn, record: RecordedRequest, res: http.ServerResponse): Promise<void> {
    const { wire } = match;
    if (turn.format && turn.format !== wire.name) {
      record.outcome = 'wrong-format';
      return sendJson(res, 500, wire.errorBody(500, `scripted provider: turn ${record.turn} expects ${turn.format}, got ${wire.name}`));
    }
    const unmet = unmetExpectations(turn, wire.name, record.body);
    if (unmet.length > 0) {
      record.outcome = 'unmet';
      return sendJson(res, 400, wire.errorBody(400, `scripted provider: turn ${record.turn} expected ${unmet.join('; ')}`));
    }
    if (turn.error) {
      record.outcome = 'error';
      return sendJson(res, turn.error.status, wire.errorBody(turn.error.status, turn.error.message ?? `scripted error ${turn.error.status}`));
    }
    const asked = (record.body as { model?: unknown }).model;
    const model = match.model ?? (typeof asked === 'string' ? asked : 'scripted-model');
    const streaming = match.stream && (wire.name === 'google' || (record.body as { stream?: unknown }).stream === true);
    record.outcome = !streaming ? 'reply' : turn.malformed ? 'malformed' : turn.hold ? 'held' : 'reply';
    if (!streaming) return sendJson(res, 200, wire.whole(turn, model));
    await this.#stream(wire, turn, model, res, record.body);
  }

  /** What a real provider checks before generating anything: the key, then (for generation) the tools. */
  #refusal(match: Route, record: RecordedRequest): { status: number; body: unknown } | undefined {
    const { wire } = match;
    if (this.#script.apiKey !== undefined && record.apiKey !== this.#script.apiKey) {
      record.outcome = 'unauthorized';
      return { status: 401, body: wire.errorBody(401, 'Invalid API key provided.') };
    }
    if (this.#script.refuseStreamOptions && wire.name === 'openai' && (record.body as { stream_options?: unknown } | undefined)?.stream_options !== undefined) {
      record.outcome = 'rejected';
      return { status: 400, body: wire.errorBody(400, "property 'stream_options' is unsupported, did you mean 'stream'?") };
    }
    const tools = match.kind === 'generate' ? wire.toolsOf(record.body) : undefined;
    if (!this.#script.validateTools || tools === undefined) return undefined;
    const violations = CHECKERS[wire.name](tools);
    if (violations.length === 0) return undefined;
    record.outcome = 'rejected';
    record.violations = violations;
    return { status: 400, body: wire.errorBody(400, wire.rejectionMessage(violations, tools)) };
  }

  async #stream(wire: Wire, turn: Turn, model: string, res: http.ServerResponse, request: unknown): Promise<void> {
    this.#streams.add(res);
    res.on('close', () => this.#streams.delete(res));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const { body, terminal } = wire.frames(turn, model, request);
    const frames = turn.malformed === 'garbage' ? [...body.slice(0, 2), wire.garbage] : turn.malformed || turn.hold ? body : [...body, ...terminal];
    for (const [i, frame] of frames.entries()) {
      if (res.destroyed) return;
      if (i > 0 && turn.chunkDelayMs > 0) await delay(turn.chunkDelayMs);
      res.write(frame);
      if (turn.malformed === 'reset' && i === Math.min(1, frames.length - 1)) break;
    }
    if (turn.malformed === 'reset') {
      // Let the client get the headers and first events, so the reset is mid-stream, not a refused request.
      await delay(50);
      return void res.destroy();
    }
    // Held: the client decides when it ends (abort tests); the server only closes on close().
    if (turn.hold) return;
    res.end();
  }
}

/** Whether the body carries TitleGenerator's instruction (as OpenAI's system message, Anthropic's system or Gemini's systemInstruction). */
function isTitleRequest(body: unknown): boolean {
  return JSON.stringify(body ?? null).includes(TITLE_SYSTEM_PROMPT.slice(0, 40));
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
