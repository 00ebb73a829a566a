/**
 * An app's HTML: `resources/read` of its `ui://` URI through McpService, checked (spec 2026-01-26
 * "Content Requirements": the MIME type exactly `text/html;profile=mcp-app`, the HTML as text or a
 * base64 blob, here at most MCP_APP_HTML_MAX_BYTES) with its CSP, permissions and border preference
 * from the content's `_meta.ui` (else the listed resource's). Cached per server and URI for as long
 * as the server's resource list stays the same object: McpService hands out a new list when the
 * server announces a change, and every new connection starts a new one.
 */
import { MCP_APP_HTML_MAX_BYTES, MCP_APP_MIME_TYPE, type McpAppResourceView } from '../../shared/contracts/apps';
import { AppError } from '../lib/errors';
import type { McpRequestOptions, McpService } from '../mcp/McpService';
import { CSP_KEYS, cleanCsp, cleanPermissions, isRecord } from './appDomains';

export type AppResourceSource = Pick<McpService, 'readResource' | 'listResources'>;

/** Where a read app's CSP is noted (the server's log): the spec asks hosts to keep it for review. */
export type AppResourceLog = (serverId: string, level: 'info' | 'warn', text: string) => void;

/** Cached apps across all servers; past it the least recently read is dropped. */
const CACHE_MAX = 64;

/** Why APP_RESOURCE_INVALID: `params.reason`. */
export type AppResourceProblem = 'noContent' | 'mimeType' | 'noText' | 'tooLarge';

interface Cached {
  /** The server's resource list the view was read under; another list means it may be stale. */
  list: readonly unknown[] | undefined;
  view: McpAppResourceView;
}

export class AppResources {
  private readonly cache = new Map<string, Cached>();
  /** Reads the cache missed (tests count them). */
  reads = 0;

  constructor(
    private readonly mcp: AppResourceSource,
    private readonly log: AppResourceLog = () => {},
  ) {}

  async read(serverId: string, uri: string, options: McpRequestOptions = {}): Promise<McpAppResourceView> {
    const key = JSON.stringify([serverId, uri]);
    const list = await this.listed(serverId);
    const cached = this.cache.get(key);
    if (cached && list !== undefined && cached.list === list) {
      // Most recently used last, so eviction drops the oldest.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.view;
    }
    this.reads += 1;
    const result = await this.mcp.readResource(serverId, uri, options);
    const listedMeta = list?.find((resource) => isRecord(resource) && resource.uri === uri);
    const view = toView(serverId, uri, result.contents, isRecord(listedMeta) ? listedMeta._meta : undefined);
    this.audit(view, result.contents, isRecord(listedMeta) ? listedMeta._meta : undefined);
    this.cache.delete(key);
    this.cache.set(key, { list, view });
    while (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    return view;
  }

  /** One line per read: the origins the app got, and a warning when declared entries were dropped. */
  private audit(view: McpAppResourceView, contents: readonly unknown[] | undefined, listedMeta: unknown): void {
    const kept = CSP_KEYS.flatMap((key) => (view.csp[key] ?? []).map((origin) => `${key} ${origin}`));
    this.log(view.serverId, 'info', `app ${view.uri}: ${kept.length > 0 ? kept.join(', ') : 'no external origins'}`);
    const content = (contents ?? []).filter(isRecord).find((item) => item.uri === view.uri) ?? (contents ?? []).find(isRecord);
    const declared = uiMeta(content?._meta)?.csp ?? uiMeta(listedMeta)?.csp;
    const count = isRecord(declared) ? CSP_KEYS.reduce((sum, key) => sum + (Array.isArray(declared[key]) ? declared[key].length : 0), 0) : 0;
    if (count > kept.length) this.log(view.serverId, 'warn', `app ${view.uri}: ${count - kept.length} CSP entries dropped (not a plain https/wss origin)`);
  }

  /** The server's listed resources (McpService's cache); undefined when they cannot be listed, and then nothing is cached. */
  private async listed(serverId: string): Promise<readonly unknown[] | undefined> {
    try {
      return await this.mcp.listResources(serverId);
    } catch {
      return undefined;
    }
  }
}

function toView(serverId: string, uri: string, contents: readonly unknown[] | undefined, listedMeta: unknown): McpAppResourceView {
  const items = (contents ?? []).filter(isRecord);
  const content = items.find((item) => item.uri === uri) ?? items[0];
  if (!content) throw invalid('noContent', serverId, uri);
  if (content.mimeType !== MCP_APP_MIME_TYPE) throw invalid('mimeType', serverId, uri);
  const html = htmlOf(content, serverId, uri);
  // Each key from the content's `_meta.ui`, else from the listed resource's.
  const own = uiMeta(content._meta);
  const listed = uiMeta(listedMeta);
  const pick = (key: string): unknown => own?.[key] ?? listed?.[key];
  const view: McpAppResourceView = { serverId, uri, html, csp: cleanCsp(pick('csp')), permissions: cleanPermissions(pick('permissions')) };
  const prefersBorder = pick('prefersBorder');
  if (typeof prefersBorder === 'boolean') view.prefersBorder = prefersBorder;
  return view;
}

function htmlOf(content: Record<string, unknown>, serverId: string, uri: string): string {
  if (typeof content.text === 'string') {
    // Cheap bound first: UTF-8 takes at least one byte per UTF-16 unit.
    if (content.text.length > MCP_APP_HTML_MAX_BYTES || Buffer.byteLength(content.text, 'utf8') > MCP_APP_HTML_MAX_BYTES) throw invalid('tooLarge', serverId, uri);
    return content.text;
  }
  if (typeof content.blob === 'string') {
    if (Math.floor((content.blob.length * 3) / 4) > MCP_APP_HTML_MAX_BYTES + 2) throw invalid('tooLarge', serverId, uri);
    const bytes = Buffer.from(content.blob, 'base64');
    if (bytes.length > MCP_APP_HTML_MAX_BYTES) throw invalid('tooLarge', serverId, uri);
    return bytes.toString('utf8');
  }
  throw invalid('noText', serverId, uri);
}

function uiMeta(meta: unknown): Record<string, unknown> | undefined {
  return isRecord(meta) && isRecord(meta.ui) ? meta.ui : undefined;
}

function invalid(reason: AppResourceProblem, serverId: string, uri: string): AppError {
  return new AppError('APP_RESOURCE_INVALID', { params: { reason, server: serverId, uri }, message: `app resource ${uri} of ${serverId} refused: ${reason}` });
}
