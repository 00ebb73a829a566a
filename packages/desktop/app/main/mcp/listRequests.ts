import {
  type Client,
  type Prompt,
  ProtocolError,
  ProtocolErrorCode,
  type RequestOptions,
  type Resource,
  type ResourceTemplateType as ResourceTemplate,
  type Tool,
} from '@modelcontextprotocol/client';
import { z } from 'zod';
import { collectPages } from './ListCache';
import { type ListItemSpec, type ParsedList, parseList } from './lenientList';
import { PROMPT_SPEC, RESOURCE_SPEC, RESOURCE_TEMPLATE_SPEC, TOOL_SPEC } from './listSpecs';

/** One paginated list request of the spec ("Pagination"): its method, the result field, the capability. */
export interface ListRequest<T> {
  method: 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';
  field: string;
  capability: 'tools' | 'resources' | 'prompts';
  spec: ListItemSpec<T>;
  /**
   * The method is optional under its capability: "Method not found" is an empty list. Servers that
   * offer resources often have no templates and answer templates/list so (the SDK's low-level Server
   * does unless a handler is set).
   */
  optional?: boolean;
}

export const TOOLS_REQUEST: ListRequest<Tool> = { method: 'tools/list', field: 'tools', capability: 'tools', spec: TOOL_SPEC };
export const RESOURCES_REQUEST: ListRequest<Resource> = { method: 'resources/list', field: 'resources', capability: 'resources', spec: RESOURCE_SPEC };
export const RESOURCE_TEMPLATES_REQUEST: ListRequest<ResourceTemplate> = {
  method: 'resources/templates/list',
  field: 'resourceTemplates',
  capability: 'resources',
  spec: RESOURCE_TEMPLATE_SPEC,
  optional: true,
};
export const PROMPTS_REQUEST: ListRequest<Prompt> = { method: 'prompts/list', field: 'prompts', capability: 'prompts', spec: PROMPT_SPEC };

/**
 * A page checked for its shape only: the items are read one by one afterwards (the SDK's own result
 * schemas reject a whole list for one bad item). A cursor that is not a string ends the list.
 */
const LenientPageSchema = z.looseObject({ nextCursor: z.unknown().optional() });

/**
 * Every page of one list, then each item parsed on its own (lenientList.ts). An answer without the
 * list's array counts as an empty list, reported as one `notAList` entry.
 */
export async function fetchList<T>(client: Client, request: ListRequest<T>, options: RequestOptions): Promise<ParsedList<T>> {
  let notAList = false;
  const raw = await collectPages(async (cursor) => {
    const page = await requestPage(client, request, cursor, options);
    if (page === undefined) return { items: [] };
    const items = (page as Record<string, unknown>)[request.field];
    if (!Array.isArray(items)) notAList = true;
    return { items: Array.isArray(items) ? (items as unknown[]) : [], nextCursor: typeof page.nextCursor === 'string' ? page.nextCursor : undefined };
  });
  const parsed = parseList(request.spec, raw);
  if (notAList) parsed.skipped.unshift({ kind: request.spec.kind, name: '', reason: 'notAList' });
  return parsed;
}

async function requestPage<T>(client: Client, request: ListRequest<T>, cursor: string | undefined, options: RequestOptions) {
  try {
    return await client.request({ method: request.method, params: cursor ? { cursor } : undefined }, LenientPageSchema, options);
  } catch (error) {
    if (request.optional && error instanceof ProtocolError && error.code === ProtocolErrorCode.MethodNotFound) return undefined;
    throw error;
  }
}
