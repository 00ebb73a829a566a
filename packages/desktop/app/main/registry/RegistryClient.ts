/**
 * The HTTP side of an MCP Registry (`/v0.1` API): one GET with a time limit and a size cap, its JSON
 * checked against registryRecord.ts. Failures are AppErrors: REGISTRY_UNREACHABLE when no answer came
 * (network, time limit), REGISTRY_BAD_RESPONSE when one came that is not the API (a status other than
 * 200/404, HTML, broken or oversized JSON, fields of the wrong type) with what was wrong in `detail`.
 */
import type { z } from 'zod';
import { AppError } from '../lib/errors';
import { type Clock, systemClock } from '../lib/clock';
import { type RegistryEntry, type ServerList, describeIssues, registryEntrySchema, wireListOf } from './registryRecord';

/** How long one request may take, body included. */
export const REGISTRY_TIMEOUT_MS = 10_000;
/** The largest answer read: a page of 100 full records is well under it. */
export const REGISTRY_MAX_BYTES = 8 * 1024 * 1024;

export interface RegistryClientOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
  clock?: Clock;
}

export interface ListQuery {
  search?: string;
  cursor?: string;
  limit?: number;
  /** Also list deleted records (the API leaves them out unless asked: `include_deleted`). */
  includeDeleted?: boolean;
}

/** Whether the registry gave no usable answer because it could not be reached (the cache may answer instead). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof AppError && error.code === 'REGISTRY_UNREACHABLE';
}

/** A 5xx: the registry is there but down; treated like unreachable when something is cached. */
export function isServerFailure(error: unknown): boolean {
  return error instanceof AppError && error.code === 'REGISTRY_BAD_RESPONSE' && /^HTTP 5\d\d/.test(String(error.params?.detail ?? ''));
}

export class RegistryClient {
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  readonly #maxBytes: number;
  readonly #clock: Clock;

  constructor(options: RegistryClientOptions = {}) {
    this.#fetch = options.fetch ?? fetch;
    this.#timeoutMs = options.timeoutMs ?? REGISTRY_TIMEOUT_MS;
    this.#maxBytes = options.maxBytes ?? REGISTRY_MAX_BYTES;
    this.#clock = options.clock ?? systemClock;
  }

  /** One page of the latest version of each server. */
  async list(baseUrl: string, query: ListQuery): Promise<ServerList> {
    const url = endpoint(baseUrl, '/v0.1/servers');
    url.searchParams.set('version', 'latest');
    if (query.search) url.searchParams.set('search', query.search);
    if (query.cursor) url.searchParams.set('cursor', query.cursor);
    if (query.limit) url.searchParams.set('limit', String(query.limit));
    if (query.includeDeleted) url.searchParams.set('include_deleted', 'true');
    const body = await this.#get(url);
    if (body === undefined) throw badResponse(url, 'HTTP 404');
    const list = wireListOf(body);
    if (!list.ok) throw badResponse(url, list.detail);
    return list.page;
  }

  /** One version (or `latest`) of a server, deleted ones too (shown as such); undefined when the registry has no such record. */
  async get(baseUrl: string, name: string, version: string): Promise<RegistryEntry | undefined> {
    const url = endpoint(baseUrl, `/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`);
    url.searchParams.set('include_deleted', 'true');
    const body = await this.#get(url);
    return body === undefined ? undefined : parse(registryEntrySchema, body, url);
  }

  /** The JSON body of a 200, undefined for a 404. */
  async #get(url: URL): Promise<unknown> {
    const controller = new AbortController();
    const timer = this.#clock.setTimeout(() => controller.abort(new Error(`no answer within ${this.#timeoutMs} ms`)), this.#timeoutMs);
    try {
      let response: Response;
      try {
        response = await this.#fetch(url, { signal: controller.signal, headers: { accept: 'application/json' }, redirect: 'follow' });
      } catch (cause) {
        throw unreachable(url, cause, controller.signal);
      }
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        return undefined;
      }
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        throw badResponse(url, `HTTP ${response.status}`);
      }
      const text = await this.#readCapped(response, url, controller);
      try {
        // A null is read as absent: registries written in other languages send `"nextCursor": null` or `"title": null` for what the Go one leaves out.
        return JSON.parse(text, (_key, value: unknown) => (value === null ? undefined : value)) as unknown;
      } catch (error) {
        if (error instanceof RangeError) throw badResponse(url, 'JSON nested too deeply');
        const type = response.headers.get('content-type') ?? 'no content type';
        throw badResponse(url, `not JSON (${type.slice(0, 80)})`);
      }
    } finally {
      this.#clock.clearTimeout(timer);
    }
  }

  async #readCapped(response: Response, url: URL, controller: AbortController): Promise<string> {
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > this.#maxBytes) {
      controller.abort();
      throw badResponse(url, `larger than ${this.#maxBytes} bytes`);
    }
    const reader = response.body?.getReader();
    if (!reader) return '';
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > this.#maxBytes) {
          controller.abort();
          throw badResponse(url, `larger than ${this.#maxBytes} bytes`);
        }
        chunks.push(value);
      }
    } catch (cause) {
      if (cause instanceof AppError) throw cause;
      throw unreachable(url, cause, controller.signal);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}

/** `base` + `path`, keeping a subregistry's own path prefix (`https://host/mcp-registry`). */
function endpoint(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${path}`);
}

function parse<T extends z.ZodType>(schema: T, body: unknown, url: URL): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badResponse(url, describeIssues(parsed.error));
  return parsed.data;
}

function badResponse(url: URL, detail: string): AppError {
  return new AppError('REGISTRY_BAD_RESPONSE', { params: { url: url.origin, detail } });
}

function unreachable(url: URL, cause: unknown, signal: AbortSignal): AppError {
  const reason = signal.aborted && signal.reason instanceof Error ? signal.reason.message : cause instanceof Error ? (causeMessage(cause) ?? cause.message) : String(cause);
  return new AppError('REGISTRY_UNREACHABLE', { params: { url: url.origin, reason }, cause });
}

/** fetch says "fetch failed" and puts the reason (ECONNREFUSED…) in its cause. */
function causeMessage(error: Error): string | undefined {
  const inner = error.cause;
  return inner instanceof Error ? `${error.message}: ${inner.message}` : undefined;
}
