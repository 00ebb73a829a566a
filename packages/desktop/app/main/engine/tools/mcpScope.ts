/**
 * The MCP servers one turn may reach, shared by the engine tools (use_mcp_tool, access_mcp_resource,
 * search_tools). A server outside the conversation's selection is reported as unavailable, exactly
 * like one that does not exist: the model must not reach around the user's choice by name.
 */
import type { MCPTool } from '../../../shared/contracts/mcp-tool';
import { findNamed } from '../../lib/uniqueNames';
import type { McpService } from '../../mcp/McpService';
import { errorText } from '../../mcp/McpServiceError';
import { visibleToModel } from '../../apps/toolApp';
import { enabledTools, NO_TOOL_SWITCHES, type ToolSwitches } from '../../mcp/toolSwitches';
import type { ToolErrorCode } from '../ITool';
import type { ToolErrorDetails } from './flattenContent';

/** What the engine needs of McpService (public methods only). */
export type EngineMcpService = Pick<
  McpService,
  'listServerTools' | 'listAllActiveServerTools' | 'listResources' | 'readResource' | 'callTool' | 'getState' | 'listStates'
>;

export interface ScopeServer {
  id: string;
  name: string;
}

/** A failed lookup says why in a code with its details (for the ToolCallView) and a message (for the model). */
export type Lookup<T> = { ok: true; value: T } | { ok: false; code: ToolErrorCode; message: string; details?: ToolErrorDetails };

/** A missing engine-tool argument, as the tool card lists it. */
export function requiredField(field: string): ToolErrorDetails {
  return { fieldErrors: [{ field, code: 'required', reason: 'is required' }] };
}

export class McpTurnScope {
  constructor(
    readonly mcp: EngineMcpService,
    /** The turn's servers, in the conversation's order. */
    readonly servers: readonly ScopeServer[],
    /** Every MCP tool loaded for the turn (search_tools searches these). */
    readonly tools: readonly MCPTool[],
    /** A tool turned off is answered like one the server does not have. */
    readonly switches: ToolSwitches = NO_TOOL_SWITCHES,
  ) {}

  private available(): string {
    return this.servers.length === 0 ? 'none' : this.servers.map((s) => s.name).join(', ');
  }

  /** The named server when it is in scope and connected; otherwise a message for the model. */
  async connectedServer(name: unknown): Promise<Lookup<ScopeServer>> {
    if (typeof name !== 'string' || name.trim() === '') {
      return {
        ok: false,
        code: 'INVALID_ARGUMENTS',
        message: `"server_name" is required: the name of an MCP server. Available servers: ${this.available()}.`,
        details: requiredField('server_name'),
      };
    }
    const server = findNamed(this.servers, name);
    if (!server) {
      return {
        ok: false,
        code: 'SERVER_NOT_FOUND',
        message: `No MCP server named "${name}" is available in this conversation. Available servers: ${this.available()}.`,
        details: { errorParams: { server: name } },
      };
    }
    const state = await this.mcp.getState(server.id).catch(() => undefined);
    if (state?.status !== 'connected') {
      const status = state?.status ?? 'removed';
      return {
        ok: false,
        code: 'NOT_CONNECTED',
        message: `MCP server "${server.name}" is not connected (status: ${status}). Try again later or use another server.`,
        details: { errorParams: { server: server.name, status } },
      };
    }
    return { ok: true, value: server };
  }

  /** The server's current tool (from McpService's cache), or a message listing what it has. */
  async serverTool(server: ScopeServer, toolName: unknown): Promise<Lookup<MCPTool>> {
    let tools: MCPTool[];
    try {
      tools = await this.mcp.listServerTools(server.id);
    } catch (error) {
      return {
        ok: false,
        code: 'REQUEST_FAILED',
        message: `Could not list the tools of MCP server "${server.name}": ${errorText(error)}.`,
        details: { errorParams: { server: server.name } },
      };
    }
    // A tool only an app may call (MCP Apps `visibility: ["app"]`) does not exist for the model.
    const all = tools.filter(visibleToModel);
    tools = enabledTools(all, this.switches);
    const names = tools.map((t) => t.name);
    const listed = names.length > 40 ? `${names.slice(0, 40).join(', ')}, … (${names.length} in all; use search_tools)` : names.join(', ') || 'none';
    if (typeof toolName !== 'string' || toolName.trim() === '') {
      return {
        ok: false,
        code: 'INVALID_ARGUMENTS',
        message: `"tool_name" is required: the name of a tool on "${server.name}". Its tools: ${listed}.`,
        details: requiredField('tool_name'),
      };
    }
    const tool = tools.find((t) => t.name === toolName) ?? tools.find((t) => t.name.toLowerCase() === toolName.trim().toLowerCase());
    const off = tool ? undefined : all.find((t) => t.name === toolName);
    if (off) {
      return {
        ok: false,
        code: 'TOOL_NOT_FOUND',
        message: `The tool "${off.name}" of MCP server "${server.name}" is turned off by the user and cannot be called. Its other tools: ${listed}.`,
        details: { errorParams: { server: server.name, tool: off.name } },
      };
    }
    if (!tool) {
      return {
        ok: false,
        code: 'TOOL_NOT_FOUND',
        message: `MCP server "${server.name}" has no tool named "${toolName}". Its tools: ${listed}.`,
        details: { errorParams: { server: server.name, tool: toolName } },
      };
    }
    return { ok: true, value: tool };
  }
}

/** Models often send nested arguments as JSON text; accept an object, JSON text of one, or nothing. */
export function objectArgument(value: unknown, field: string): Lookup<Record<string, unknown>> {
  if (value === undefined || value === null) return { ok: true, value: {} };
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = value.trim() === '' ? {} : JSON.parse(value);
    } catch {
      return { ok: false, code: 'INVALID_ARGUMENTS', message: `"${field}" must be a JSON object; the text given is not valid JSON.`, details: mustBeObject(field) };
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, code: 'INVALID_ARGUMENTS', message: `"${field}" must be a JSON object.`, details: mustBeObject(field) };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}

function mustBeObject(field: string): ToolErrorDetails {
  return { fieldErrors: [{ field, code: 'wrongType', params: { type: 'object' }, reason: 'must be a JSON object' }] };
}
