import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { MCP_SERVERS_MAX_COUNT, SERVER_TOOL_SWITCHES_MAX_COUNT } from '../../shared/contracts/limits';
import {
  type McpServerConfig,
  type McpServerInputParsed,
  type McpServerRecord,
  toRecordFields,
} from '../../shared/contracts/mcp-types';
import type { McpServerRepository } from '../db/McpServerRepository';
import { AppError } from '../lib/errors';
import { assertNameFree } from '../lib/uniqueNames';
import { isBuiltinServerId } from '../../shared/contracts/builtin-servers';
import { keepStoredSecrets, markersWithoutSecrets } from './keepSecrets';

export interface McpServerConfigServiceOptions {
  repository: McpServerRepository;
  /** Returns ISO 8601 timestamps; injectable for tests. */
  now?: () => string;
  newId?: () => string;
  /** Told after a server is deleted, so what is kept elsewhere under its id (its OAuth sign-in) goes too. */
  onRemoved?: (id: string) => void;
}

export type McpServersChangeListener = () => void;

/**
 * The user's MCP server list: add, replace, enable, remove. Inputs arrive already parsed by the
 * shared zod schemas (the router and the CLI validate); this service enforces what only the
 * database can know — unique names (look-alikes included) and the number of servers — and announces
 * every change.
 */
export class McpServerConfigService {
  readonly #repository: McpServerRepository;
  readonly #now: () => string;
  readonly #newId: () => string;
  readonly #onRemoved: ((id: string) => void) | undefined;
  readonly #events = new EventEmitter();
  /**
   * The records, read once per change. McpService looks a server up on every call; reading and
   * unsealing the row each time cost more than the call itself on stdio (pnpm bench, section a).
   */
  #cache: Map<string, McpServerRecord> | undefined;

  constructor(options: McpServerConfigServiceOptions) {
    this.#repository = options.repository;
    this.#now = options.now ?? (() => new Date().toISOString());
    this.#newId = options.newId ?? (() => crypto.randomUUID());
    this.#onRemoved = options.onRemoved;
  }

  list(): McpServerRecord[] {
    return [...this.#records().values()];
  }

  /** The server, or undefined when no server has that id. */
  find(id: string): McpServerRecord | undefined {
    return this.#records().get(id);
  }

  get(id: string): McpServerRecord {
    const record = this.find(id);
    if (!record) throw new AppError('NOT_FOUND', { params: { id } });
    return record;
  }

  /** Looks a server up by its name, ignoring case (the CLI addresses servers by name). */
  getByName(name: string): McpServerRecord {
    const id = this.#repository.findIdByName(name);
    if (id === undefined) throw new AppError('NOT_FOUND', { params: { id: name } });
    return this.get(id);
  }

  /** `keyRefs`: env variables or headers whose value a provider lends at start (a preset's borrowed key). */
  add(input: McpServerInputParsed, options: { keyRefs?: McpServerConfig['keyRefs'] } = {}): McpServerRecord {
    if (this.#repository.count() >= MCP_SERVERS_MAX_COUNT) throw new AppError('TOO_MANY_SERVERS', { params: { max: MCP_SERVERS_MAX_COUNT } });
    assertCopiesResolved(input);
    this.#assertNameFree(input.name);
    const fields = toRecordFields(input);
    const markers = markersWithoutSecrets(fields.config);
    if (markers.length > 0) throw AppError.validation(markers);
    if (options.keyRefs) fields.config.keyRefs = options.keyRefs;
    const id = this.#newId();
    this.#repository.insert(id, fields, this.#now());
    this.#changed();
    return this.get(id);
  }

  /**
   * Adds all of `inputs` in one transaction, or none: the limit, a taken name or a marker without a
   * secret in any of them refuses the whole batch (an import is all or nothing).
   */
  addAll(inputs: readonly McpServerInputParsed[]): McpServerRecord[] {
    if (inputs.length === 0) return [];
    if (this.#repository.count() + inputs.length > MCP_SERVERS_MAX_COUNT) throw new AppError('TOO_MANY_SERVERS', { params: { max: MCP_SERVERS_MAX_COUNT } });
    const ids = this.#repository.transaction(() =>
      inputs.map((input) => {
        assertCopiesResolved(input);
        this.#assertNameFree(input.name);
        const fields = toRecordFields(input);
        const markers = markersWithoutSecrets(fields.config);
        if (markers.length > 0) throw AppError.validation(markers);
        const id = this.#newId();
        this.#repository.insert(id, fields, this.#now());
        return id;
      }),
    );
    this.#changed();
    return ids.map((id) => this.get(id));
  }

  /**
   * Replaces the server; a secret sent back as SECRET_SET (as listed) keeps its stored value, and
   * tool switches left out (the form does not show them) keep the stored ones.
   */
  update(id: string, input: McpServerInputParsed): McpServerRecord {
    refuseBuiltin(id);
    assertCopiesResolved(input);
    this.#assertNameFree(input.name, id);
    const stored = this.#repository.get(id);
    if (!stored) throw new AppError('NOT_FOUND', { params: { id } });
    const fields = toRecordFields(input);
    fields.disabledTools = input.disabledTools ?? stored.disabledTools;
    fields.alwaysAllow = input.alwaysAllow ?? stored.alwaysAllow;
    const kept = keepStoredSecrets(fields.config, stored, fields.type);
    if (!kept.ok) throw AppError.validation(kept.errors);
    if (!this.#repository.update(id, { ...fields, config: kept.config }, this.#now())) throw new AppError('NOT_FOUND', { params: { id } });
    this.#changed();
    return this.get(id);
  }

  setEnabled(id: string, enabled: boolean): McpServerRecord {
    refuseBuiltin(id);
    if (!this.#repository.setEnabled(id, enabled, this.#now())) throw new AppError('NOT_FOUND', { params: { id } });
    this.#changed();
    return this.get(id);
  }

  /** Turns one tool on or off (a disabled tool is hidden from the model); any tool name is accepted. */
  setToolEnabled(id: string, tool: string, enabled: boolean): McpServerRecord {
    return this.#setToolSwitch(id, 'disabledTools', tool, !enabled);
  }

  /** Lets one tool run without asking, or makes it ask again. */
  setToolAlwaysAllow(id: string, tool: string, alwaysAllow: boolean): McpServerRecord {
    return this.#setToolSwitch(id, 'alwaysAllow', tool, alwaysAllow);
  }

  remove(id: string): void {
    refuseBuiltin(id);
    if (!this.#repository.delete(id)) throw new AppError('NOT_FOUND', { params: { id } });
    this.#onRemoved?.(id);
    this.#changed();
  }

  /** Called after every change made here, and by the owner when another process changed the database. */
  onChange(listener: McpServersChangeListener): () => void {
    this.#events.on('change', listener);
    return () => this.#events.off('change', listener);
  }

  notifyExternalChange(): void {
    this.#changed();
  }

  /** `duplicate` names the server with this name; `confusable` the one whose name looks the same (`gіthub` with a Cyrillic і). */
  #assertNameFree(name: string, exceptId?: string): void {
    const owner = this.#repository.findIdByName(name);
    assertNameFree(name, owner === undefined ? undefined : { id: owner, name: this.find(owner)?.name ?? name }, exceptId);
  }

  #setToolSwitch(id: string, list: 'disabledTools' | 'alwaysAllow', tool: string, listed: boolean): McpServerRecord {
    refuseBuiltin(id);
    const stored = this.get(id);
    const names = stored[list].filter((name) => name !== tool);
    if (listed) {
      if (names.length >= SERVER_TOOL_SWITCHES_MAX_COUNT) throw AppError.validation([{ field: list, code: 'tooMany', params: { max: SERVER_TOOL_SWITCHES_MAX_COUNT } }]);
      names.push(tool);
    }
    const switches = { disabledTools: stored.disabledTools, alwaysAllow: stored.alwaysAllow, [list]: names };
    if (!this.#repository.setToolSwitches(id, switches)) throw new AppError('NOT_FOUND', { params: { id } });
    this.#changed();
    return this.get(id);
  }

  #records(): Map<string, McpServerRecord> {
    this.#cache ??= new Map(this.#repository.list().map((record) => [record.id, record]));
    return this.#cache;
  }

  #changed(): void {
    this.#cache = undefined;
    this.#events.emit('change');
  }
}

/** `copyEnv` is resolved into `env` by ServerEnvironment.resolveCopies first; stored as is it would be lost. */
function assertCopiesResolved(input: McpServerInputParsed): void {
  if (input.type === 'stdio' && input.copyEnv?.length) throw new Error('copyEnv must be resolved (ServerEnvironment.resolveCopies) before a server is stored');
}

/** The built-in servers run under reserved ids and are never stored: nothing here may change them. */
function refuseBuiltin(id: string): void {
  if (isBuiltinServerId(id)) throw new AppError('BUILTIN_SERVER_READONLY', { params: { id } });
}
