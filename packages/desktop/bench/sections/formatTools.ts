/**
 * (d) Issue 4: converting 1,000 MCP tools (cycled from the schema corpus: real servers and corner
 * cases) to the OpenAI, Anthropic and Gemini formats, against a plain deep clone of the same tools
 * three times (one per format) — the least any conversion must do.
 */
import { formatToolsFor } from '../../app/main/tools/formatTools';
import { benchTools } from '../../test/tools/formatBench';
import { sampleInterleaved } from '../lib/stats';
import { type SectionResult, compared, measuredRow } from '../lib/table';

const SECTION = 'd convert 1,000 tools';
const SAMPLING = { warmup: 2, iterations: 15 };

export async function benchFormatTools(): Promise<SectionResult> {
  const tools = benchTools(1000);
  const [clone, convert] = await sampleInterleaved(
    [
      async () => {
        for (let i = 0; i < 3; i += 1) structuredClone(tools);
      },
      async () => {
        for (const format of ['openai', 'anthropic', 'google'] as const) formatToolsFor(tools, format);
      },
    ],
    SAMPLING,
  );
  const baseline = measuredRow(SECTION, '3× structuredClone', clone!.map((s) => s.wallMs));
  const converted = measuredRow(SECTION, 'openai + anthropic + google', convert!.map((s) => s.wallMs), 'absolute time is the median column');
  return { rows: [baseline, compared(converted, baseline)], warnings: [] };
}
