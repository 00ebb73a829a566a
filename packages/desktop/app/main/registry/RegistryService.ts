/**
 * The MCP Registry browser's main side: search (one page at a time, with the registry's cursors),
 * one record, and install of one of its packages or remotes as a configured server. Answers are cached
 * (RegistryCache); when the registry cannot be reached the cache answers, marked offline. Install
 * checks every answer first and stores nothing when one is wrong; secrets go where the server list
 * keeps secrets (env and headers sealed; a secret argument or URL variable as a sealed `${input:…}` value).
 */
import crypto from 'node:crypto';
import { MCP_NAME_MAX_LENGTH, type FieldError, type McpServerRecord, parseMcpServerInput } from '../../shared/contracts/mcp-types';
import { nameSchema } from '../../shared/contracts/names';
import { pickIcon } from '../../shared/contracts/icons';
import {
  type RegistryAddInput,
  type RegistrySearchInput,
  type RegistrySearchResult,
  type RegistryServerView,
  registryAddSchema,
  registryGetSchema,
  registrySearchSchema,
} from '../../shared/contracts/registry';
import type { SecretInputDefinition } from '../../shared/contracts/secret-inputs';
import { AppError } from '../lib/errors';
import { freeName } from '../lib/uniqueNames';
import type { McpServerConfigService } from '../mcp/McpServerConfigService';
import { RegistryCache } from './RegistryCache';
import { type RegistryClient, isServerFailure, isUnreachable } from './RegistryClient';
import { type RegistryEntry, officialOf, serverNameSchema } from './registryRecord';
import { baseNameOf, buildServerInput, installOptions } from './serverJsonToConfig';
import { serverMatchesRecord } from './recordMatch';

/** Where a secret argument's or URL variable's value is kept: the `${input:id}` store. */
export interface RegistrySecretInputs {
  declare(definitions: readonly SecretInputDefinition[]): void;
  set(id: string, value: string): void;
  clear(id: string): boolean;
}

/** Which registry a call asks; default the `registry.url` setting. */
export interface RegistryAt {
  registryUrl?: string;
}

export interface RegistryServiceOptions {
  client: RegistryClient;
  cache: RegistryCache;
  servers: McpServerConfigService;
  secretInputs: RegistrySecretInputs;
  /** The `registry.url` setting. */
  registryUrl: () => string;
  /** Whether `docker` is on the servers' search path (oci packages need it). */
  dockerAvailable: () => Promise<boolean>;
  now?: () => Date;
  newInputId?: () => string;
}

export class RegistryService {
  readonly #options: RegistryServiceOptions;

  constructor(options: RegistryServiceOptions) {
    this.#options = options;
  }

  /** Resolves once the cache's writes so far are on disk. */
  flush(): Promise<void> {
    return this.#options.cache.flush();
  }

  /** `at.registryUrl`: another registry than the setting's for this call (`elftia registry search --registry URL`). */
  async search(raw: RegistrySearchInput, at: RegistryAt = {}): Promise<RegistrySearchResult> {
    const input = registrySearchSchema.parse(raw);
    const registryUrl = at.registryUrl ?? this.#options.registryUrl();
    const query = { search: input.query, cursor: input.cursor, limit: input.limit, includeDeleted: input.includeInactive };
    const key = RegistryCache.pageKey(registryUrl, query);
    const answer = await this.#fetchOrCache(
      () => this.#options.client.list(registryUrl, query),
      () => this.#options.cache.page(key),
      (page, fetchedAt) => this.#options.cache.putPage(key, page, fetchedAt),
    );
    const docker = await this.#options.dockerAvailable();
    const servers = answer.value.servers
      .filter((entry) => input.includeInactive || officialOf(entry).status === 'active')
      .map((entry) => this.#view(entry, docker));
    const result: RegistrySearchResult = { servers, offline: answer.offline, fetchedAt: answer.fetchedAt, registryUrl };
    const nextCursor = answer.value.metadata?.nextCursor;
    if (nextCursor) result.nextCursor = nextCursor;
    if (answer.value.skipped) result.skipped = answer.value.skipped;
    return result;
  }

  async get(raw: { name: string; version?: string }, at: RegistryAt = {}): Promise<RegistryServerView> {
    const input = registryGetSchema.parse(raw);
    const entry = await this.#entry(input.name, input.version, at);
    return this.#view(entry, await this.#options.dockerAvailable());
  }

  /** Adds the option as a new, enabled server; VALIDATION names each bad `inputs.<key>`, and nothing is stored then. */
  async add(raw: RegistryAddInput, at: RegistryAt = {}): Promise<McpServerRecord> {
    const input = registryAddSchema.parse(raw);
    const registryUrl = at.registryUrl ?? this.#options.registryUrl();
    const entry = await this.#entry(input.name, input.version, at);
    // Deleted is the registry taking a record back (a broken or harmful package): shown, never installed.
    if (officialOf(entry).status === 'deleted') throw new AppError('REGISTRY_SERVER_NOT_FOUND', { params: { name: input.name, version: input.version } });
    const dockerAvailable = await this.#options.dockerAvailable();
    const name = freeName(this.#baseName(entry), this.#options.servers.list().map((server) => server.name), MCP_NAME_MAX_LENGTH);
    const newInputId = this.#options.newInputId ?? (() => `registry.${crypto.randomUUID().slice(0, 13)}`);
    const built = buildServerInput(entry.server, input.optionId, input.inputs, { dockerAvailable, name, newInputId });
    if (!built.ok) {
      if ('errors' in built) throw AppError.validation(built.errors);
      if ('unsupported' in built) throw new AppError('REGISTRY_OPTION_UNSUPPORTED', { params: { name: input.name, option: input.optionId, reason: built.unsupported } });
      if ('unsafe' in built) throw new AppError('REGISTRY_BAD_RESPONSE', { params: { url: new URL(registryUrl).origin, detail: `${input.optionId} puts together a \${…} reference` } });
      throw AppError.validation([{ field: 'optionId', code: 'invalid' }]);
    }
    const parsed = parseMcpServerInput(built.input);
    if (!parsed.ok) throw AppError.validation(parsed.errors.map(asInputError));
    // The inputs first: stored after the server, each would restart the server that just began to use it.
    const inputs = this.#options.secretInputs;
    try {
      if (built.secretArguments.length > 0) {
        inputs.declare(built.secretArguments.map((s) => ({ id: s.inputId, description: `${name}: ${s.label}`, password: true })));
        for (const secret of built.secretArguments) inputs.set(secret.inputId, secret.value);
      }
      return this.#options.servers.add(parsed.value);
    } catch (error) {
      // All or nothing: no sealed value is left behind for a server that was not stored.
      for (const secret of built.secretArguments) inputs.clear(secret.inputId);
      throw error;
    }
  }

  /** The record (from the registry, else the cache); REGISTRY_SERVER_NOT_FOUND when the registry has none. */
  async #entry(name: string, version: string, at: RegistryAt): Promise<RegistryEntry> {
    const registryUrl = at.registryUrl ?? this.#options.registryUrl();
    const key = RegistryCache.recordKey(registryUrl, name, version);
    const answer = await this.#fetchOrCache(
      () => this.#options.client.get(registryUrl, name, version),
      () => this.#options.cache.record(key),
      (entry, fetchedAt) => {
        if (!entry) return;
        this.#options.cache.putRecord(key, entry, fetchedAt);
        // `latest` is also that version: an install of the version shown finds it offline.
        if (version === 'latest') this.#options.cache.putRecord(RegistryCache.recordKey(registryUrl, name, entry.server.version), entry, fetchedAt);
      },
    );
    const entry = answer.value;
    if (!entry) throw new AppError('REGISTRY_SERVER_NOT_FOUND', { params: { name, version } });
    if (entry.server.name !== name || (version !== 'latest' && entry.server.version !== version)) {
      throw new AppError('REGISTRY_BAD_RESPONSE', { params: { url: registryUrl, detail: `asked for ${name} ${version}, got ${entry.server.name} ${entry.server.version}` } });
    }
    return entry;
  }

  /** The registry's answer, or the cached one when the registry cannot be reached (or fails with a 5xx). */
  async #fetchOrCache<T>(
    fetchNow: () => Promise<T>,
    cached: () => { fetchedAt: string; value: NonNullable<T> } | undefined,
    store: (value: T, fetchedAt: string) => void,
  ): Promise<{ value: T; fetchedAt: string; offline: boolean }> {
    try {
      const value = await fetchNow();
      const fetchedAt = (this.#options.now?.() ?? new Date()).toISOString();
      store(value, fetchedAt);
      return { value, fetchedAt, offline: false };
    } catch (error) {
      if (!isUnreachable(error) && !isServerFailure(error)) throw error;
      const hit = cached();
      if (!hit) throw error;
      return { value: hit.value, fetchedAt: hit.fetchedAt, offline: true };
    }
  }

  #view(entry: RegistryEntry, dockerAvailable: boolean): RegistryServerView {
    const { server } = entry;
    const official = officialOf(entry);
    const view: RegistryServerView = {
      name: server.name,
      description: server.description,
      version: server.version,
      status: official.status,
      isLatest: official.isLatest,
      options: installOptions(server, { dockerAvailable }),
      addedServerIds: this.#options.servers.list().filter((record) => serverMatchesRecord(record, server)).map((record) => record.id),
    };
    if (server.title) view.title = server.title;
    const repositoryUrl = webUrl(server.repository?.url);
    if (repositoryUrl) view.repositoryUrl = repositoryUrl;
    const websiteUrl = webUrl(server.websiteUrl);
    if (websiteUrl) view.websiteUrl = websiteUrl;
    if (official.publishedAt) view.publishedAt = official.publishedAt;
    if (official.updatedAt) view.updatedAt = official.updatedAt;
    if (official.statusMessage) view.statusMessage = official.statusMessage;
    // The registry's schema allows `image/jpg`, which is `image/jpeg` by another name.
    const icon = pickIcon(server.icons?.map((i) => (i.mimeType === 'image/jpg' ? { ...i, mimeType: 'image/jpeg' } : i)));
    if (icon) view.icon = icon;
    return view;
  }

  /** The title when it is a usable server name (no hidden characters), else the part of the name after the slash. */
  #baseName(entry: RegistryEntry): string {
    const base = baseNameOf(entry.server).slice(0, MCP_NAME_MAX_LENGTH);
    if (nameSchema(MCP_NAME_MAX_LENGTH).safeParse(base).success) return base;
    return serverNameSchema.parse(entry.server.name).split('/').at(-1) ?? entry.server.name;
  }
}

/** An error of the built config named by the install input it came from (`env.KEY` → `inputs.env.KEY`). */
function asInputError(error: FieldError): FieldError {
  const env = /^env\.(.+)$/.exec(error.field);
  if (env) return { ...error, field: `inputs.env.${env[1]}` };
  const header = /^headers\.(.+)$/.exec(error.field);
  if (header) return { ...error, field: `inputs.header.${header[1]}` };
  return error;
}

/** A link the browser may open: http(s) only. */
function webUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
