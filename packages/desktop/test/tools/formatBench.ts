// Converting 1,000 tools to the three provider formats, as a ratio to a plain deep clone of the same
// tools (issue 4, `pnpm bench`). Run: cd packages/desktop && node --import tsx test/tools/formatBench.ts
import { fileURLToPath } from 'node:url';
import type { MCPTool } from '../../app/shared/contracts/mcp-tool';
import { formatToolsFor } from '../../app/main/tools/formatTools';
import { corpusTools } from './corpus';

export interface FormatBenchResult {
  tools: number;
  /** Median time to convert every tool to OpenAI, Anthropic and Gemini, in ms. */
  convertMs: number;
  /** Median time of structuredClone of the same tools, three times (one per format), in ms. */
  cloneMs: number;
  ratio: number;
}

/** 1,000 tools cycled from the corpus (real servers and corner cases), each with its own name. */
export function benchTools(count = 1000): MCPTool[] {
  const base = corpusTools();
  return Array.from({ length: count }, (_, i) => {
    const t = base[i % base.length]!;
    return { ...t, id: `${t.id}_${i}`, name: `${t.name}_${i}` };
  });
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timeMs(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

export function runFormatBench(rounds = 7): FormatBenchResult {
  const tools = benchTools();
  const convert = () => {
    for (const format of ['openai', 'anthropic', 'google'] as const) formatToolsFor(tools, format);
  };
  const clone = () => {
    for (let i = 0; i < 3; i += 1) structuredClone(tools);
  };
  convert();
  clone();
  const convertMs = median(Array.from({ length: rounds }, () => timeMs(convert)));
  const cloneMs = median(Array.from({ length: rounds }, () => timeMs(clone)));
  return { tools: tools.length, convertMs, cloneMs, ratio: convertMs / cloneMs };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = runFormatBench();
  console.log(`${r.tools} tools → openai+anthropic+google: ${r.convertMs.toFixed(1)} ms; 3× structuredClone: ${r.cloneMs.toFixed(1)} ms; ratio ${r.ratio.toFixed(1)}×`);
}
