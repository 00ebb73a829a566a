import { type CallToolResult, ProtocolError, ProtocolErrorCode, type Tool } from '@modelcontextprotocol/client';
import type { ArgumentValidator } from './ArgumentValidator';

/**
 * A tool with an outputSchema must answer with structuredContent that fits it (spec, "Output
 * Schema"). The SDK Client checks this only for tools it listed itself; Elftia lists them leniently
 * (listRequests.ts), so the check is made here, with the same errors the Client raises.
 */
export function checkStructuredContent(validator: ArgumentValidator, tool: Tool, result: CallToolResult, onSchemaError: (reason: string) => void): void {
  const mismatch = structuredContentMismatch(validator, tool, result, onSchemaError);
  if (mismatch === undefined) return;
  if (result.structuredContent === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `Tool ${tool.name} has an output schema but did not return structured content`);
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Structured content does not match the tool's output schema: ${mismatch}`);
}

/**
 * How the result misses the tool's outputSchema (each field and why, `;`-separated), or undefined
 * when it fits, the tool has no outputSchema, or the call failed without structured content.
 */
export function structuredContentMismatch(validator: ArgumentValidator, tool: Tool, result: CallToolResult, onSchemaError: (reason: string) => void): string | undefined {
  if (!tool.outputSchema) return undefined;
  if (result.structuredContent === undefined) return result.isError ? undefined : 'no structuredContent';
  const problems = validator.problems(tool.outputSchema, result.structuredContent, onSchemaError);
  if (problems.length === 0) return undefined;
  return problems.map((p) => `${p.field || '(structuredContent)'} ${p.reason}`).join('; ');
}
