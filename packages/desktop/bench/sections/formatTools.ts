/**
 * (d) Issue 4/16: converting 1,000 MCP tools (cycled from the schema corpus: real servers and corner
 * cases) to the OpenAI, Anthropic and Gemini formats, against a plain deep clone of the same tools
 * three times (one per format) — the least any conversion must do.
 *
 * Conversions are cached by schema object (tools/schema/convertedSchemas.ts), so two figures:
 * - first turn: every tool has schema objects never seen before (a fresh copy per iteration, made
 *   outside the timing), the cost after connecting or after every server's list changed;
 * - next turn: the same tools again, unchanged lists, as every later chat turn; the conversions the
 *   cache could not serve are counted (the goal is none).
 */
import type { MCPTool } from '../../app/shared/contracts/mcp-tool';
import { formatToolsFor } from '../../app/main/tools/formatTools';
import { schemaWork } from '../../app/main/tools/schema/convertedSchemas';
import { benchTools } from '../../test/tools/formatBench';
import { sampleInterleaved, wallOf } from '../lib/stats';
import { type Row, type SectionResult, compared, measuredRow } from '../lib/table';

const SECTION = 'd convert 1,000 tools';
const SAMPLING = { warmup: 3, iterations: 25 };
const GOAL_MS = 20;
const FORMATS = ['openai', 'anthropic', 'google'] as const;

/** Each tool deep-copied on its own, so no two tools share a schema object (as from real servers). */
const freshCopy = (tools: MCPTool[]) => tools.map((tool) => structuredClone(tool));

export async function benchFormatTools(): Promise<SectionResult> {
  const tools = benchTools(1000);
  const rounds = SAMPLING.warmup + SAMPLING.iterations;
  const copies = Array.from({ length: rounds }, () => freshCopy(tools));
  const warm = freshCopy(tools);
  for (const format of FORMATS) formatToolsFor(warm, format);
  let conversionsOnNextTurns = 0;
  const [clone, cold, cached] = await sampleInterleaved(
    [
      async () => {
        for (let i = 0; i < 3; i += 1) structuredClone(tools);
      },
      async () => {
        const fresh = copies.pop() ?? freshCopy(tools);
        for (const format of FORMATS) formatToolsFor(fresh, format);
      },
      async () => {
        const before = schemaWork.normalized + schemaWork.converted;
        for (const format of FORMATS) formatToolsFor(warm, format);
        conversionsOnNextTurns += schemaWork.normalized + schemaWork.converted - before;
      },
    ],
    SAMPLING,
  );
  const baseline = measuredRow(SECTION, '3× structuredClone', wallOf(clone!));
  const first = compared(measuredRow(SECTION, 'first turn: openai + anthropic + google', wallOf(cold!), 'every schema new'), baseline);
  const goal = (row: Row): Row => ({ ...row, goal: { text: `≤ ${GOAL_MS} ms`, met: (row.medianMs ?? Infinity) <= GOAL_MS } });
  const next = compared(measuredRow(SECTION, 'next turn, unchanged lists: the same', wallOf(cached!), `${conversionsOnNextTurns} schema conversions in ${rounds} rounds`), baseline);
  const warnings = conversionsOnNextTurns === 0 ? [] : [`${SECTION}: ${conversionsOnNextTurns} schema conversions on turns with unchanged lists (expected 0)`];
  return {
    rows: [baseline, goal(first), { ...goal(next), goal: { text: `≤ ${GOAL_MS} ms, 0 conversions`, met: (next.medianMs ?? Infinity) <= GOAL_MS && conversionsOnNextTurns === 0 } }],
    warnings,
  };
}
