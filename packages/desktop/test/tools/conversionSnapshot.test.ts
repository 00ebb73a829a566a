import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatToolsFor } from '../../app/main/tools/formatTools';
import type { FormattedTools, ProviderFormat } from '../../app/main/tools/types';
import type { MCPTool } from '../../app/shared/contracts/mcp-tool';
import { corpusTools } from './corpus';
import { unrepairableTools } from './corpus/unrepairable';
import { benchTools } from './formatBench';

/**
 * The conversion's output pinned byte for byte: a sha256 of everything formatToolsFor returns (the
 * definitions, the name map with its argument maps, what was dropped and the warnings) per format,
 * recorded before the cold path was optimized. Any change to what providers receive shows up here.
 * Each tool is deep-copied first so no schema object is shared with another test (the conversion
 * cache is keyed by schema object).
 */
const FORMATS: ProviderFormat[] = ['openai', 'anthropic', 'google'];

const EXPECTED: Record<string, Record<ProviderFormat, string>> = {
  'the bench’s 1,000 tools': {
    openai: '850b0146d5ae3b7c62969899fc61b30854bfca680415cde857cd158cdd0bb5b9',
    anthropic: 'bf335fa67fd2061ef2bc9a14ed7c882e3322c7e32b6848a430f51e091627e963',
    google: 'abef3936b2e82a29376395c617b28737e0f47168ec22e4761cfc3a85442e583a',
  },
  'the corpus (real servers and corner cases)': {
    openai: '98efea9ffb5c6d46325a82d19fbd43f2fdd88b6d09fda7eb8c031e3dc174c1eb',
    anthropic: 'e285ae25eeda2bd90fefcb4c0e1aea41825595f8d260bac298589ac1bd71fbd8',
    google: '6415dfc55e96cd7a667b323975079f8257503a264a3ade5fc4d16638ffbd29ad',
  },
  'the corpus, each tool on its own': {
    openai: '5130813f7765121a28e2158067241baacacd6da5b30f6f0aa5d5b499d34fd4cf',
    anthropic: '3ab9bcc465b0f60f022a47859ea4a27fddb22d3fb4bc40b8d64e5534a7de0a01',
    google: 'add2359a69a3bbc508fc8d3ff2f9166dfb46eebde9e0cb20509b23b60c6a2163',
  },
  'the corpus with the unrepairable schemas': {
    openai: '46ebaba865c9e607bcf7b2284e4d01c17fce465e00efe5ee0c6607d6ad9a1afd',
    anthropic: '237683efaa376bba8f1a2734fc7c3f08bb048ab7ec2a94c36d4fe9cc7c8bb50b',
    google: '80beb560a0b91f742fb6a7dc9b9f212626bdbcaa4c44f92efbe296d37acc7093',
  },
};

function digest(result: FormattedTools<ProviderFormat>): string {
  const text = JSON.stringify({ tools: result.tools, nameMap: [...result.nameMap], dropped: result.dropped, warnings: result.warnings });
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const SETS: Record<string, () => MCPTool[]> = {
  'the bench’s 1,000 tools': () => benchTools(1000),
  'the corpus (real servers and corner cases)': () => corpusTools(),
  'the corpus, each tool on its own': () => corpusTools(),
  'the corpus with the unrepairable schemas': () => [...corpusTools().slice(0, 5), ...unrepairableTools()],
};

function digestsOf(set: string): Record<ProviderFormat, string> {
  const out = {} as Record<ProviderFormat, string>;
  for (const format of FORMATS) {
    const tools = structuredClone(SETS[set]!());
    if (set.includes('on its own')) {
      const parts = tools.map((tool) => digest(formatToolsFor([tool], format)));
      out[format] = createHash('sha256').update(parts.join('\n')).digest('hex');
    } else out[format] = digest(formatToolsFor(tools, format));
  }
  return out;
}

describe('converted tool definitions stay byte-identical', () => {
  if (process.env.PRINT_CONVERSION_DIGESTS) {
    it('prints the digests', () => {
      console.log(JSON.stringify(Object.fromEntries(Object.keys(SETS).map((s) => [s, digestsOf(s)])), null, 2));
    });
    return;
  }
  it.each(Object.keys(SETS))('%s', (set) => {
    expect(digestsOf(set)).toEqual(EXPECTED[set]);
  });
});
