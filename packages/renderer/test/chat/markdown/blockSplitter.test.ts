import { describe, expect, it } from 'vitest';
import { BlockSplitter, splitBlocks } from '../../../src/features/chat/components/markdown/blockSplitter';

const ANSWER = [
  '# Plan',
  '',
  'Some **bold** text that\ncontinues on a second line.',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '- one',
  '- two',
  '',
  '  still two',
  '',
  '```ts',
  'const a = 1;',
  '',
  'const b = 2;',
  '```',
  '',
  '$$',
  'x^2',
  '',
  '$$',
  '',
  '> quoted',
  '',
  '1. first',
  '',
  '2. second',
  '',
  'Setext title',
  '===',
  '',
  'Done.',
].join('\n');

describe('splitBlocks', () => {
  it('splits at top-level blocks, keeping a table, a loose list, a fence and a $$ formula whole', () => {
    expect(splitBlocks(ANSWER)).toEqual([
      '# Plan\n\n',
      'Some **bold** text that\ncontinues on a second line.\n\n',
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n',
      '- one\n- two\n\n  still two\n\n',
      '```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n',
      '$$\nx^2\n\n$$\n\n',
      '> quoted\n\n',
      '1. first\n\n2. second\n\n',
      'Setext title\n===\n\n',
      'Done.',
    ]);
  });

  it('keeps an indented block’s indentation and returns nothing for blank text', () => {
    expect(splitBlocks('para\n\n    indented code\n')).toEqual(['para\n\n', '    indented code\n']);
    expect(splitBlocks('')).toEqual([]);
    expect(splitBlocks('\n\n  \n')).toEqual([]);
  });

  it('keeps an answer with a link reference or footnote definition in one block', () => {
    const text = 'See [the docs][d] and this[^1].\n\n[d]: https://example.com\n\n[^1]: A note.';
    expect(splitBlocks(text)).toEqual([text]);
  });
});

describe('BlockSplitter while streaming', () => {
  it('gives the same blocks as a full parse at every prefix of a streamed answer', () => {
    const splitter = new BlockSplitter();
    for (let end = 1; end <= ANSWER.length; end++) {
      const prefix = ANSWER.slice(0, end);
      const streamed = splitter.split(prefix);
      expect(streamed, `prefix ${end}`).toEqual(splitBlocks(prefix));
    }
  });

  it('finished blocks are the same strings call after call (only the last two are parsed again)', () => {
    const splitter = new BlockSplitter();
    const first = splitter.split('# Title\n\nA paragraph');
    const second = splitter.split('# Title\n\nA paragraph that grows\n\n- a list');
    expect(second).toEqual(['# Title\n\n', 'A paragraph that grows\n\n', '- a list']);
    expect(second[0]).toBe(first[0]);
  });

  it('starts over when the text is replaced rather than extended', () => {
    const splitter = new BlockSplitter();
    splitter.split('# One\n\nText');
    expect(splitter.split('Other\n\n- item')).toEqual(['Other\n\n', '- item']);
  });

  it('switches to one block when a definition arrives', () => {
    const splitter = new BlockSplitter();
    expect(splitter.split('Use [x][y].\n\n')).toEqual(['Use [x][y].\n\n']);
    expect(splitter.split('Use [x][y].\n\n[y]: https://example.com')).toEqual(['Use [x][y].\n\n[y]: https://example.com']);
  });
});
