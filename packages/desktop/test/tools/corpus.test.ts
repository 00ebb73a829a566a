import { describe, expect, it } from 'vitest';
import { formatToolsFor } from '../../app/main/tools/formatTools';
import type { ProviderFormat } from '../../app/main/tools/types';
import { CORNER_CASES } from './corpus/cornerCases';
import { REAL_SERVER_CORPUS, corpusTools } from './corpus';
import { unrepairableTools } from './corpus/unrepairable';
import { CHECKERS } from './providerRules';

const FORMATS: ProviderFormat[] = ['openai', 'anthropic', 'google'];

describe('the corpus', () => {
  it('holds at least 30 input schemas, real and hand-written', () => {
    const real = REAL_SERVER_CORPUS.reduce((n, s) => n + s.tools.length, 0);
    expect(real).toBeGreaterThanOrEqual(30);
    expect(CORNER_CASES.length).toBeGreaterThanOrEqual(30);
    expect(REAL_SERVER_CORPUS.map((s) => s.server)).toEqual(['everything', 'filesystem', 'memory', 'sequential-thinking', 'playwright']);
  });
});

describe.each(FORMATS)('every corpus tool for %s', (format) => {
  const tools = corpusTools();
  const result = formatToolsFor(tools, format);

  it("passes the provider's checker", () => {
    expect(CHECKERS[format](result.tools)).toEqual([]);
  });

  it('is sent: nothing repairable is dropped', () => {
    expect(result.dropped).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.nameMap.size).toBe(tools.length);
  });

  it('still passes when each tool is sent on its own (no cross-tool masking)', () => {
    for (const tool of tools) expect(CHECKERS[format](formatToolsFor([tool], format).tools), tool.id).toEqual([]);
  });
});

describe.each(FORMATS)('unrepairable tools for %s', (format) => {
  it('are dropped with a warning naming each, and the rest still go out', () => {
    const broken = unrepairableTools();
    const good = corpusTools().slice(0, 5);
    const result = formatToolsFor([...good, ...broken], format);
    expect(result.dropped.map((d) => [d.id, d.reason])).toEqual(broken.map((b) => [b.id, 'unrepairable-schema']));
    for (const b of broken) expect(result.warnings.some((w) => w.includes(`"${b.id}"`))).toBe(true);
    expect([...result.nameMap.values()].map((e) => e.id)).toEqual(good.map((t) => t.id));
    expect(CHECKERS[format](result.tools)).toEqual([]);
  });
});
