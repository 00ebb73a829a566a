/**
 * Servers from an MCP Registry (the official one, or a company's subregistry speaking the same
 * `/v0.1` API): what the browser shows of a `server.json` record, how one of its packages or remotes
 * is offered for install, and the inputs of the registry router. The contract between the main side
 * (`main/registry/`: the API client, its cache, turning a record into a server config) and the
 * renderer (Settings → Servers → "Browse the MCP Registry").
 *
 * Runtime-neutral: imports only zod.
 */
import { z } from 'zod';
import { ID_MAX_LENGTH, URL_MAX_LENGTH, boundedRecord, ENV_VALUE_MAX_LENGTH } from './limits';

/** The official registry; the `registry.url` setting replaces it with a subregistry. */
export const DEFAULT_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

/** `_meta["io.modelcontextprotocol.registry/official"].status`. */
export const REGISTRY_STATUSES = ['active', 'deprecated', 'deleted'] as const;
export type RegistryStatus = (typeof REGISTRY_STATUSES)[number];

/** How an install option runs: a package started over stdio, or a remote reached over the network. */
export const REGISTRY_OPTION_KINDS = ['npm', 'pypi', 'oci', 'nuget', 'mcpb', 'streamable-http', 'sse'] as const;
export type RegistryOptionKind = (typeof REGISTRY_OPTION_KINDS)[number];

/**
 * Why an option cannot be installed here; translated as `settings/registry:unsupported.<reason>`.
 * `secretInUrl`: a remote whose URL takes a secret `{variable}` in its host or base, which would be
 * stored in plain text (one in its path or query is sealed as a `${input:…}` reference instead).
 */
export const REGISTRY_UNSUPPORTED_REASONS = ['registryType', 'transport', 'dockerMissing', 'secretInUrl'] as const;
export type RegistryUnsupportedReason = (typeof REGISTRY_UNSUPPORTED_REASONS)[number];

/**
 * A value the user supplies at install: an environment variable, a header, a positional or named
 * argument, or a `{variable}` of a remote URL. Label and description come from the record (English,
 * as the publisher wrote them).
 */
export interface RegistryInputField {
  /** `env.NAME`, `header.Name`, `arg.N` (argument N of the option), `url.var`; also the field an error names (`inputs.<key>`). */
  key: string;
  label: string;
  description?: string;
  required: boolean;
  /** Sealed through the SecretStore, never stored or shown in plain text. */
  secret: boolean;
  default?: string;
  /** `choices` of the record: the value must be one of them. */
  choices?: string[];
  format?: 'string' | 'number' | 'boolean' | 'filepath';
}

/** One package or remote of a record, as the install dialog offers it. */
export interface RegistryInstallOption {
  /** `package:N` or `remote:N`: its index in the record. */
  id: string;
  kind: RegistryOptionKind;
  /** `identifier@version` for a package, the URL for a remote. */
  label: string;
  /** What the installed server will run: `npx -y pkg@version`, `uvx pkg==version`, `docker run -i --rm image`, or the URL. */
  summary: string;
  /** The runtime the option needs (checked and installed like a preset's). */
  runtime?: 'node' | 'uv' | 'docker';
  supported: boolean;
  unsupportedReason?: RegistryUnsupportedReason;
  fields: RegistryInputField[];
}

export interface RegistryServerView {
  /** Reverse-DNS name (`io.github.owner/server`), unique in the registry. */
  name: string;
  title?: string;
  description: string;
  version: string;
  status: RegistryStatus;
  /** Why it is deprecated or deleted, as the publisher wrote it ("Please upgrade to 2.0.0"). */
  statusMessage?: string;
  isLatest: boolean;
  repositoryUrl?: string;
  websiteUrl?: string;
  publishedAt?: string;
  updatedAt?: string;
  /** An icon the app may show (shared/contracts/icons.ts). */
  icon?: string;
  options: RegistryInstallOption[];
  /** Configured servers that came from this record (any version). */
  addedServerIds: string[];
}

export interface RegistrySearchResult {
  servers: RegistryServerView[];
  /** Pass back as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
  /** True when the registry could not be reached and the page comes from the cache. */
  offline: boolean;
  /** When the page was fetched from the registry (ISO). */
  fetchedAt: string;
  registryUrl: string;
  /** Records of the page that could not be read (wrong types, a name that is not reverse-DNS) and were left out. */
  skipped?: number;
}

const registryName = z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' });

export const registrySearchSchema = z.strictObject({
  query: z.string().trim().max(200, { error: 'tooLong' }).default(''),
  cursor: z.string().max(URL_MAX_LENGTH, { error: 'tooLong' }).optional(),
  limit: z.number().int().min(1).max(100).default(30),
  /** Show deprecated and deleted records too (marked); hidden by default. */
  includeInactive: z.boolean().default(false),
});
export type RegistrySearchInput = z.input<typeof registrySearchSchema>;

export const registryGetSchema = z.strictObject({
  name: registryName,
  /** A version, or `latest` (default). */
  version: z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' }).default('latest'),
});

/** Install: the record, the option, and the answers by RegistryInputField.key. Nothing is stored when one is missing or wrong. */
export const registryAddSchema = z.strictObject({
  name: registryName,
  version: z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' }),
  optionId: z.string().min(1).max(32, { error: 'tooLong' }),
  inputs: boundedRecord(z.string().max(ID_MAX_LENGTH), z.string().max(ENV_VALUE_MAX_LENGTH, { error: 'tooLong' }), 200).default({}),
});
export type RegistryAddInput = z.input<typeof registryAddSchema>;

/** Error codes of the registry router, translated as `errors.<code>`. */
export const REGISTRY_ERROR_CODES = [
  /** The registry could not be reached and nothing is cached for the request. */
  'REGISTRY_UNREACHABLE',
  /** The registry answered with something that is not the `/v0.1` API (status, shape, size). */
  'REGISTRY_BAD_RESPONSE',
  /** No record of that name (and version). */
  'REGISTRY_SERVER_NOT_FOUND',
  /** The option cannot run here (see RegistryUnsupportedReason). */
  'REGISTRY_OPTION_UNSUPPORTED',
] as const;
export type RegistryErrorCode = (typeof REGISTRY_ERROR_CODES)[number];
