import { z } from 'zod';
import { UsageError, variableOf } from '../command';

/**
 * What the conformance suite (@modelcontextprotocol/conformance) tells the client it starts: the
 * scenario's name, the protocol revision the run is for, and scenario data such as pre-registered
 * OAuth client credentials or the tool calls to make. Unknown context fields are kept: each suite
 * release may add some, and a scenario that needs none must not fail on them.
 */
export interface ConformanceRun {
  scenario: string;
  /** MCP_CONFORMANCE_PROTOCOL_VERSION, e.g. 2025-11-25 or 2026-07-28; absent when the suite did not pass one. */
  protocolVersion: string | undefined;
  context: ConformanceContext;
}

const toolCallSchema = z.object({ name: z.string().min(1), arguments: z.record(z.string(), z.unknown()).default({}) });

const contextSchema = z.looseObject({
  name: z.string().optional(),
  /** auth/pre-registration: the client the authorization server already knows. */
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  /** http-custom-headers: the calls whose x-mcp-header parameters the scenario checks. */
  toolCalls: z.array(toolCallSchema).optional(),
});

export type ConformanceContext = z.output<typeof contextSchema>;

/** Reads the suite's variables; a missing scenario or a context that is not a JSON object is a usage error (exit 2). */
export function readConformanceRun(env: NodeJS.ProcessEnv): ConformanceRun {
  const scenario = variableOf(env, 'MCP_CONFORMANCE_SCENARIO')?.trim();
  if (!scenario) throw new UsageError('MCP_CONFORMANCE_SCENARIO is not set; the conformance suite sets it for the client it starts');
  const protocolVersion = variableOf(env, 'MCP_CONFORMANCE_PROTOCOL_VERSION')?.trim() || undefined;
  return { scenario, protocolVersion, context: parseContext(variableOf(env, 'MCP_CONFORMANCE_CONTEXT')) };
}

export function parseContext(raw: string | undefined): ConformanceContext {
  if (raw === undefined || raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new UsageError(`MCP_CONFORMANCE_CONTEXT: not valid JSON (${(error as Error).message})`);
  }
  const parsed = contextSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new UsageError(`MCP_CONFORMANCE_CONTEXT: not a context object${where} (${issue?.message ?? 'invalid'})`);
  }
  return parsed.data;
}
