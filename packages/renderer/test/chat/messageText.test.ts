import { describe, expect, it } from 'vitest';
import { splitCodeBlocks } from '../../src/features/chat/model/messageText';

describe('splitCodeBlocks', () => {
  it('keeps prose as it is and fenced code apart, with its language', () => {
    expect(splitCodeBlocks('Run this:\n\n```sh\nnpm test\n  --watch\n```\nThen look.')).toEqual([
      { kind: 'text', text: 'Run this:' },
      { kind: 'code', text: 'npm test\n  --watch', lang: 'sh' },
      { kind: 'text', text: 'Then look.' },
    ]);
  });

  it('treats a fence still open while streaming as code to the end', () => {
    expect(splitCodeBlocks('Here:\n```\nconst a')).toEqual([
      { kind: 'text', text: 'Here:' },
      { kind: 'code', text: 'const a' },
    ]);
  });

  it('leaves text without fences whole, line breaks included', () => {
    expect(splitCodeBlocks('one\ntwo\n\nthree')).toEqual([{ kind: 'text', text: 'one\ntwo\n\nthree' }]);
    expect(splitCodeBlocks('')).toEqual([]);
  });
});
