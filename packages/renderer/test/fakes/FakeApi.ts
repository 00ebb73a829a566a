/**
 * An in-memory stand-in for the main process at the tRPC edge: it implements the procedures the
 * renderer calls with the router's observable behaviour — the shared schema validates, names are
 * unique ignoring case, every change is pushed to subscribers as the whole list, errors carry
 * `data.app` like the router's errorFormatter.
 */
import type { McpServerView } from '@elftia/desktop/router';
import type { AppErrorData } from '@elftia/desktop/shared/contracts/errors.ts';
import { type McpServerInput, parseMcpServerInput, toRecordFields } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import type { AppSettings } from '@elftia/desktop/shared/contracts/settings.ts';
import type { ElftiaApi, SubscriptionHandlers } from '../../src/lib/api';

/** Shaped like the TRPCClientError the WebSocket link rejects with: the payload on `data.app`. */
export class FakeTrpcError extends Error {
  override readonly name = 'TRPCClientError';
  readonly data: { app: AppErrorData };
  constructor(app: AppErrorData) {
    super(app.code);
    this.data = { app };
  }
}

class Channel<T> {
  readonly #listeners = new Set<SubscriptionHandlers<T>>();
  constructor(private readonly current: () => T) {}
  subscribe = (_input: undefined, handlers: SubscriptionHandlers<T>) => {
    this.#listeners.add(handlers);
    // Like the router: the current value at start.
    queueMicrotask(() => this.#listeners.has(handlers) && handlers.onData(this.current()));
    return { unsubscribe: () => void this.#listeners.delete(handlers) };
  };
  emit(): void {
    for (const listener of this.#listeners) listener.onData(this.current());
  }
  get size(): number {
    return this.#listeners.size;
  }
}

export interface FakeCall {
  procedure: string;
  input: unknown;
}

export class FakeApi implements ElftiaApi {
  servers: McpServerView[] = [];
  settingsValue: AppSettings = { language: 'system' };
  readonly calls: FakeCall[] = [];
  #nextId = 1;
  /** Makes the next call of a procedure fail with this error instead of running. */
  readonly failures = new Map<string, unknown>();

  readonly serverChannel = new Channel(() => this.servers.map((server) => ({ ...server })));
  readonly settingsChannel = new Channel(() => ({ ...this.settingsValue }));

  readonly mcp: ElftiaApi['mcp'] = {
    add: { mutate: (input) => this.#run('mcp.add', input, () => this.#add(input)) },
    update: {
      mutate: (input) =>
        this.#run('mcp.update', input, () => {
          const { id, ...rest } = input;
          return this.#update(id, rest);
        }),
    },
    setEnabled: {
      mutate: (input) => this.#run('mcp.setEnabled', input, () => this.#replace(input.id, (server) => ({ ...server, enabled: input.enabled, status: input.enabled ? 'disconnected' : 'disabled' }))),
    },
    remove: {
      mutate: (input) =>
        this.#run('mcp.remove', input, () => {
          this.#find(input.id);
          this.servers = this.servers.filter((server) => server.id !== input.id);
          this.serverChannel.emit();
          return { id: input.id };
        }),
    },
    onServersChanged: { subscribe: this.serverChannel.subscribe },
  };

  readonly settings: ElftiaApi['settings'] = {
    setLanguage: {
      mutate: (input) =>
        this.#run('settings.setLanguage', input, () => {
          this.settingsValue = { language: input.language };
          this.settingsChannel.emit();
          return { ...this.settingsValue };
        }),
    },
    onChanged: { subscribe: this.settingsChannel.subscribe },
  };

  /** Adds a server as if another process (the CLI) had, and pushes the change. */
  seed(input: McpServerInput): McpServerView {
    return this.#add(input);
  }

  callsTo(procedure: string): unknown[] {
    return this.calls.filter((call) => call.procedure === procedure).map((call) => call.input);
  }

  async #run<T>(procedure: string, input: unknown, body: () => T): Promise<T> {
    this.calls.push({ procedure, input });
    await Promise.resolve();
    const failure = this.failures.get(procedure);
    if (failure !== undefined) {
      this.failures.delete(procedure);
      throw failure;
    }
    return body();
  }

  #validate(input: unknown, exceptId?: string) {
    const parsed = parseMcpServerInput(input);
    if (!parsed.ok) throw new FakeTrpcError({ code: 'VALIDATION', fieldErrors: parsed.errors });
    const name = parsed.value.name;
    if (this.servers.some((server) => server.id !== exceptId && server.name.toLowerCase() === name.toLowerCase())) {
      throw new FakeTrpcError({ code: 'VALIDATION', fieldErrors: [{ field: 'name', code: 'duplicate', params: { name } }] });
    }
    return toRecordFields(parsed.value);
  }

  #add(input: unknown): McpServerView {
    const fields = this.#validate(input);
    const now = new Date(0).toISOString();
    const server: McpServerView = { id: `srv-${this.#nextId++}`, ...fields, createdAt: now, updatedAt: now, status: fields.enabled ? 'disconnected' : 'disabled' };
    this.servers = [...this.servers, server];
    this.serverChannel.emit();
    return server;
  }

  #update(id: string, input: unknown): McpServerView {
    this.#find(id);
    const fields = this.#validate(input, id);
    return this.#replace(id, (server) => ({ ...server, ...fields, status: fields.enabled ? 'disconnected' : 'disabled' }));
  }

  #find(id: string): McpServerView {
    const server = this.servers.find((s) => s.id === id);
    if (!server) throw new FakeTrpcError({ code: 'NOT_FOUND', params: { id } });
    return server;
  }

  #replace(id: string, change: (server: McpServerView) => McpServerView): McpServerView {
    const next = change(this.#find(id));
    this.servers = this.servers.map((server) => (server.id === id ? next : server));
    this.serverChannel.emit();
    return next;
  }
}
