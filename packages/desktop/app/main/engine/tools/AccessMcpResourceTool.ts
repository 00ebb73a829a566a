/**
 * access_mcp_resource: reads one resource of a connected MCP server by URI. Text comes back
 * whole (the engine cuts it for the model with a marker if it is huge); binary contents are summarised
 * for the model and kept for the UI, and images go to vision models as images.
 */
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { type ToolContent, parseToolContent } from '../../../shared/contracts/tool-content';
import { isMcpServiceError } from '../../mcp/McpServiceError';
import type { JsonSchema, ToolExecutionContext, ToolExecutionResult } from '../ITool';
import type { CallTarget, PreparableTool, Preparation } from '../preparedCall';
import { DEFAULT_TOOL_TIMEOUT_MS, boundedCall } from './boundedCall';
import { flattenContent, toolErrorResult } from './flattenContent';
import { type McpTurnScope, requiredField } from './mcpScope';

export const ACCESS_MCP_RESOURCE = 'access_mcp_resource';

/** Facts, not claims: reading a resource changes nothing, so the read-only policy may apply. */
const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false };

export class AccessMcpResourceTool implements PreparableTool {
  readonly name = ACCESS_MCP_RESOURCE;
  readonly description = 'Reads a resource (a file, a record, a document) of a connected MCP server by its URI.';
  readonly parameters: JsonSchema = {
    type: 'object',
    properties: {
      server_name: { type: 'string', description: 'The MCP server that provides the resource' },
      uri: { type: 'string', description: 'The resource URI, as the server lists it' },
    },
    required: ['server_name', 'uri'],
  };

  constructor(
    private readonly scope: McpTurnScope,
    /** Bound on one read, in milliseconds. Default 120 000. */
    private readonly timeoutMs = DEFAULT_TOOL_TIMEOUT_MS,
  ) {}

  async prepare(args: Record<string, unknown>): Promise<Preparation> {
    const server = await this.scope.connectedServer(args.server_name);
    if (!server.ok) {
      return { ok: false, target: { toolName: this.name, arguments: args, needsApproval: true }, result: toolErrorResult(server.code, server.message, server.details) };
    }
    const { id, name } = server.value;
    const target: CallTarget = { serverId: id, serverName: name, toolName: this.name, arguments: args, annotations: ANNOTATIONS, needsApproval: true };
    const uri = args.uri;
    if (typeof uri !== 'string' || uri.trim() === '') {
      return { ok: false, target, result: toolErrorResult('INVALID_ARGUMENTS', `"uri" is required: the URI of a resource of "${name}".`, requiredField('uri')) };
    }
    const run = (context: ToolExecutionContext) =>
      boundedCall(
        (signal) => this.scope.mcp.readResource(id, uri, { signal }),
        { timeoutMs: this.timeoutMs, signal: context.signal },
        toResult,
        (error) => describeFailure(error, name, uri),
      );
    return { ok: true, target, run };
  }

  async execute(params: Record<string, unknown>, context: ToolExecutionContext = {}): Promise<ToolExecutionResult> {
    const prepared = await this.prepare(params);
    return prepared.ok ? prepared.run(context) : prepared.result;
  }
}

function toContent(item: ReadResourceResult['contents'][number]): unknown {
  if ('blob' in item && typeof item.mimeType === 'string' && item.mimeType.startsWith('image/')) {
    return { type: 'image', data: item.blob, mimeType: item.mimeType };
  }
  return { type: 'resource', resource: item };
}

function toResult(result: ReadResourceResult): ToolExecutionResult {
  const content: ToolContent[] = parseToolContent((result.contents ?? []).map(toContent));
  if (content.length === 0) return { text: 'The resource is empty.', content: [], isError: false };
  // The model asked for this resource: its text is the answer, not a side attachment to cap.
  return { text: flattenContent(content, { maxEmbeddedTextChars: Number.POSITIVE_INFINITY }), content, isError: false };
}

function describeFailure(error: unknown, serverName: string, uri: string): ToolExecutionResult {
  const code = isMcpServiceError(error) ? error.code : 'REQUEST_FAILED';
  if (code === 'CANCELLED') return toolErrorResult('CANCELLED', 'Resource read cancelled.');
  const detail = isMcpServiceError(error) && typeof error.params.detail === 'string' ? error.params.detail : error instanceof Error ? error.message : String(error);
  const errorParams = isMcpServiceError(error) ? error.params : {};
  return toolErrorResult(code, `Could not read resource "${uri}" from MCP server "${serverName}": ${detail}`, { errorParams: { server: serverName, ...errorParams } });
}
