/**
 * Import and export of MCP server configs: a preview that changes nothing, an apply that adds every
 * planned server in one transaction or none, the other apps' config files found on this machine, and
 * export to `mcpServers` text.
 */
import type { ExportOptions, ImportInput, ImportPreview, ImportSource, ImportSourceId } from '../../shared/contracts/mcp-import';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import { AppError } from '../lib/errors';
import type { McpServerConfigService } from '../mcp/McpServerConfigService';
import { exportServers } from './exportServers';
import { planImport } from './importPlan';
import { existingSources, knownSourcePaths, readSource, type SourceHost } from './importSources';

export interface ImportResult {
  added: McpServerRecord[];
  preview: ImportPreview;
}

export class ImportService {
  readonly #servers: McpServerConfigService;
  readonly #host: SourceHost;

  readonly #declareInputs: (inputs: readonly ImportInput[]) => void;
  readonly #projectServer: (id: string) => McpServerRecord | undefined;

  /**
   * `declareInputs` keeps the `inputs` of an applied import (how each `${input:id}` is asked for);
   * `projectServer` finds a server of the open project file, which an export may name beside global ones.
   */
  constructor(
    servers: McpServerConfigService,
    host: SourceHost,
    declareInputs: (inputs: readonly ImportInput[]) => void = () => {},
    projectServer: (id: string) => McpServerRecord | undefined = () => undefined,
  ) {
    this.#servers = servers;
    this.#host = host;
    this.#declareInputs = declareInputs;
    this.#projectServer = projectServer;
  }

  preview(text: string, skip: readonly string[] = []): ImportPreview {
    return planImport(text, this.#servers.list(), skip).preview;
  }

  /**
   * Adds what the preview plans, all or nothing. Refused (VALIDATION, each field as `<entry>.<field>`)
   * while the text has errors in entries the user did not leave out.
   */
  apply(text: string, skip: readonly string[] = []): ImportResult {
    const plan = planImport(text, this.#servers.list(), skip);
    if (plan.preview.errors.length > 0) {
      throw AppError.validation(
        plan.preview.errors.map((problem) => ({ field: problem.entry === undefined ? problem.field : `${problem.entry}.${problem.field}`, code: problem.code, ...(problem.params ? { params: problem.params } : {}) })),
      );
    }
    const added = this.#servers.addAll(plan.toAdd);
    this.#declareInputs(plan.preview.inputs);
    return { added, preview: plan.preview };
  }

  sources(): ImportSource[] {
    return existingSources(this.#host);
  }

  /** The text of a known config file (never another path: the renderer only names the app). */
  readSource(id: ImportSourceId): string {
    const file = knownSourcePaths(this.#host)[id];
    try {
      return readSource(file);
    } catch (cause) {
      throw new AppError('NOT_FOUND', { params: { id: file }, cause });
    }
  }

  export(options: ExportOptions = {}): string {
    const all = this.#servers.list();
    const chosen = options.ids === undefined ? all : options.ids.map((id) => this.#projectServer(id) ?? this.#servers.get(id));
    return exportServers(chosen, { ...(options.dialect ? { dialect: options.dialect } : {}), ...(options.includeSecrets ? { includeSecrets: true } : {}) });
  }
}
