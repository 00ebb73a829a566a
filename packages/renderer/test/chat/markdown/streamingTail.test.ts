import { describe, expect, it } from 'vitest';
import { streamingTail } from '../../../src/features/chat/components/markdown/streamingTail';

describe('streamingTail', () => {
  it.each([
    ['Hello **wor', 'Hello **wor**'],
    ['a `code', 'a `code`'],
    ['gone ~~soon', 'gone ~~soon~~'],
    ['*it', '*it*'],
  ])('closes unfinished emphasis and code for display: %s', (input, shown) => {
    expect(streamingTail(input)).toBe(shown);
  });

  it.each([
    ['Intro\n- **', 'Intro\n'],
    ['Some text **', 'Some text'],
    ['a _', 'a'],
  ])('waits for the first word after an opening ** or _: %j', (input, shown) => {
    expect(streamingTail(input)).toBe(shown);
  });

  it('shows an unfinished link as its text only', () => {
    expect(streamingTail('See [the docs](https://exa')).toBe('See the docs');
  });

  it('holds a table back until its delimiter row is complete', () => {
    expect(streamingTail('| Name | Age')).toBe('');
    expect(streamingTail('| Name | Age |\n')).toBe('');
    expect(streamingTail('| Name | Age |\n|---|-')).toBe('');
    expect(streamingTail('Here it is:\n| Name | Age |\n|--')).toBe('Here it is:');
    expect(streamingTail('| Name | Age |\n|---|---|\n')).toBe('| Name | Age |\n|---|---|\n');
    expect(streamingTail('| Name | Age |\n|---|---|\n| Ada | 3')).toBe('| Name | Age |\n|---|---|\n| Ada | 3');
  });

  it('shows lines with pipes that are not a table being written', () => {
    expect(streamingTail('| a quote\n| more text')).toBe('| a quote\n| more text');
  });

  it.each(['Intro\n-', 'Intro\n- ', 'Intro\n12.', 'Intro\n##', 'Intro\n>', 'Intro\n`', 'Intro\n```', 'Intro\n```pyt', 'Intro\n~~~'])(
    'waits for the first word after a bare block marker: %j',
    (input) => {
      expect(streamingTail(input)).toBe('Intro\n');
    },
  );

  it('leaves a line with content after its marker alone', () => {
    expect(streamingTail('- item')).toBe('- item');
    expect(streamingTail('## Ti')).toBe('## Ti');
  });

  it('leaves the inside of an open fence as it arrives, but for an unfinished closing fence', () => {
    expect(streamingTail('```py\nprint("**")\nx = `a')).toBe('```py\nprint("**")\nx = `a');
    expect(streamingTail('```py\nprint(1)\n``')).toBe('```py\nprint(1)\n');
  });
});
