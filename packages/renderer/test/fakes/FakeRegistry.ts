/**
 * registry.* and the `registry.url` setting in memory: records a test lists are searched and paged
 * like main's RegistryService answers them (deprecated and deleted hidden unless asked for, an
 * opaque cursor), the last page of each request is kept for `offline`, and an add checks only what
 * the dialog must show (required inputs, choices) before it stores a server through `store`.
 * main's own rules are tested against the fixture registry (packages/desktop/test/registry, e2e/).
 */
import type { McpServerView } from '@elftia/desktop/router';
import type { FieldError, McpServerInput } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { DEFAULT_REGISTRY_URL, type RegistrySearchResult, type RegistryServerView } from '@elftia/desktop/shared/contracts/registry.ts';
import type { ElftiaApi } from '../../src/lib/api';
import { type CallRecorder, FakeTrpcError, validationError } from './CallRecorder';

const FETCHED_AT = '2026-03-01T09:30:00.000Z';

export class FakeRegistry {
  records: RegistryServerView[] = [];
  url = DEFAULT_REGISTRY_URL;
  /** Malformed records main left out of every page (RegistrySearchResult.skipped). */
  skipped = 0;
  /** True: the registry cannot be reached; a request answered before comes from the cache. */
  offline = false;
  readonly #cache = new Map<string, RegistrySearchResult>();

  constructor(
    private readonly recorder: CallRecorder,
    /** Stores a server like mcp.add and pushes the list. */
    private readonly store: (input: McpServerInput) => McpServerView,
  ) {}

  readonly api: ElftiaApi['registry'] = {
    search: {
      query: (input) =>
        this.recorder.run('registry.search', input, () => {
          const key = JSON.stringify([this.url, input.query ?? '', input.cursor ?? '', input.limit ?? 30, input.includeInactive ?? false]);
          if (this.offline) {
            const cached = this.#cache.get(key);
            if (!cached) throw new FakeTrpcError({ code: 'REGISTRY_UNREACHABLE', params: { url: this.url, reason: 'connect ECONNREFUSED' } });
            return { ...cached, offline: true };
          }
          const page = this.#page(input.query ?? '', input.cursor, input.limit ?? 30, input.includeInactive ?? false);
          this.#cache.set(key, page);
          return page;
        }),
    },
    add: {
      mutate: (input) =>
        this.recorder.run('registry.add', input, () => {
          const record = this.records.find((r) => r.name === input.name && r.version === input.version);
          if (!record) throw new FakeTrpcError({ code: 'REGISTRY_SERVER_NOT_FOUND', params: { name: input.name, version: input.version } });
          const option = record.options.find((o) => o.id === input.optionId);
          if (!option?.supported) throw new FakeTrpcError({ code: 'REGISTRY_OPTION_UNSUPPORTED', params: { name: record.name } });
          const inputs = input.inputs ?? {};
          const problems = option.fields.flatMap((field): FieldError[] => {
            const value = inputs[field.key]?.trim() ?? '';
            if (field.required && value === '' && field.default === undefined) return [{ field: `inputs.${field.key}`, code: 'required' }];
            if (value !== '' && field.choices && !field.choices.includes(value)) return [{ field: `inputs.${field.key}`, code: 'invalid' }];
            return [];
          });
          if (problems.length > 0) throw validationError(problems);
          const name = record.title ?? record.name;
          const server = option.kind === 'streamable-http' || option.kind === 'sse'
            ? this.store({ name, type: option.kind === 'sse' ? 'sse' : 'http', url: option.label })
            : this.store({ name, type: 'stdio', command: option.summary.split(' ')[0] ?? 'npx', args: option.summary.split(' ').slice(1) });
          this.records = this.records.map((r) => (r.name === record.name ? { ...r, addedServerIds: [...r.addedServerIds, server.id] } : r));
          return server;
        }),
    },
  };

  readonly registryUrl: ElftiaApi['settings']['registryUrl'] = { query: () => this.recorder.run('settings.registryUrl', undefined, () => ({ url: this.url })) };
  readonly setRegistryUrl: ElftiaApi['settings']['setRegistryUrl'] = {
    mutate: (input) =>
      this.recorder.run('settings.setRegistryUrl', input, () => {
        if (!/^https?:\/\/[^/]/.test(input.url.trim())) throw validationError([{ field: 'url', code: 'invalidHttpUrl' }]);
        this.url = input.url.trim();
        return { url: this.url };
      }),
  };

  #page(query: string, cursor: string | undefined, limit: number, includeInactive: boolean): RegistrySearchResult {
    const needle = query.trim().toLowerCase();
    const matching = this.records.filter(
      (r) => (includeInactive || r.status === 'active') && (needle === '' || `${r.name} ${r.title ?? ''} ${r.description}`.toLowerCase().includes(needle)),
    );
    const start = cursor ? Number(cursor.replace('after-', '')) : 0;
    const end = start + limit;
    return {
      servers: matching.slice(start, end).map((r) => ({ ...r })),
      ...(end < matching.length ? { nextCursor: `after-${end}` } : {}),
      ...(this.skipped > 0 ? { skipped: this.skipped } : {}),
      offline: false,
      fetchedAt: FETCHED_AT,
      registryUrl: this.url,
    };
  }
}
