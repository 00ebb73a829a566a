import { type CallToolResult, ProtocolError, ProtocolErrorCode, type Tool } from '@modelcontextprotocol/client';
import type { ArgumentValidator } from './ArgumentValidator';

/**
 * A tool with an outputSchema must answer with structuredContent that fits it (spec, "Output
 * Schema"). The SDK Client checks this only for tools it listed itself; Elftia lists them leniently
 * (listRequests.ts), so the check is made here, with the same errors the Client raises.
 */
export function checkStructuredContent(validator: ArgumentValidator, tool: Tool, result: CallToolResult, onSchemaError: (reason: string) => void): void {
  if (!tool.outputSchema) return;
  if (result.structuredContent === undefined) {
    if (result.isError) return;
    throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `Tool ${tool.name} has an output schema but did not return structured content`);
  }
  const problems = validator.problems(tool.outputSchema, result.structuredContent, onSchemaError);
  if (problems.length === 0) return;
  const listed = problems.map((p) => `${p.field || '(structuredContent)'} ${p.reason}`).join('; ');
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Structured content does not match the tool's output schema: ${listed}`);
}
