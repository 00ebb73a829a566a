/**
 * resources.* of FakeApi: each server's catalog, reads, completions and prompt runs as a test scripts
 * them, and resource updates pushed like the router's onUpdated (no value at start). The protocol
 * itself is tested against the reference server in packages/desktop/test/resources and e2e/.
 */
import type { CompleteInput, McpServerCatalog, PromptRunView, ResourceReadView, ResourceUpdateEvent } from '@elftia/desktop/shared/contracts/mcp-resources.ts';
import type { ElftiaApi, SubscriptionHandlers } from '../../src/lib/api';
import { type CallRecorder, FakeTrpcError } from './CallRecorder';

const EMPTY: McpServerCatalog = { resources: [], templates: [], prompts: [], canSubscribe: false, canComplete: false };

export class FakeResources {
  readonly catalogs = new Map<string, McpServerCatalog>();
  /** Reads by `${serverId} ${uri}`; an unknown one is REQUEST_FAILED. */
  readonly reads = new Map<string, ResourceReadView>();
  /** completion/complete's answer; by default nothing. */
  completeWith: (input: CompleteInput) => string[] = () => [];
  /** prompts/get's answer; by default the prompt's name and arguments as one text. */
  runPrompt: (name: string, args: Record<string, string>) => PromptRunView = (name, args) => ({
    parts: [{ kind: 'text', role: 'user', text: `${name} ${JSON.stringify(args)}` }],
  });
  /** The URIs subscribed to, as `${serverId} ${uri}`. */
  readonly subscribed = new Set<string>();
  readonly #listeners = new Set<{ id: string | undefined; handlers: SubscriptionHandlers<ResourceUpdateEvent> }>();

  constructor(private readonly recorder: CallRecorder) {}

  /** Pushes a `notifications/resources/updated` to the open streams. */
  update(serverId: string, uri: string): void {
    for (const listener of this.#listeners) if (listener.id === undefined || listener.id === serverId) listener.handlers.onData({ serverId, uri });
  }

  readonly api: ElftiaApi['resources'] = {
    catalog: { query: (input) => this.recorder.run('resources.catalog', input, () => this.catalogs.get(input.id) ?? EMPTY) },
    read: {
      query: (input) =>
        this.recorder.run('resources.read', input, () => {
          const read = this.reads.get(`${input.id} ${input.uri}`);
          if (!read) throw new FakeTrpcError({ code: 'REQUEST_FAILED', params: { detail: `no resource ${input.uri}` } });
          return read;
        }),
    },
    complete: { query: (input) => this.recorder.run('resources.complete', input, () => ({ values: this.completeWith(input), hasMore: false })) },
    subscribe: { mutate: (input) => this.recorder.run('resources.subscribe', input, () => void this.subscribed.add(`${input.id} ${input.uri}`)) },
    unsubscribe: { mutate: (input) => this.recorder.run('resources.unsubscribe', input, () => void this.subscribed.delete(`${input.id} ${input.uri}`)) },
    onUpdated: {
      subscribe: (input, handlers) => {
        const listener = { id: input?.id, handlers };
        this.#listeners.add(listener);
        return { unsubscribe: () => void this.#listeners.delete(listener) };
      },
    },
    getPrompt: { mutate: (input) => this.recorder.run('resources.getPrompt', input, () => this.runPrompt(input.name, input.arguments ?? {})) },
  };
}
