import { useMemo, useRef } from 'react';
import { BlockSplitter, splitBlocks } from './blockSplitter';
import { streamingTail } from './streamingTail';

/**
 * The blocks to render. While streaming, one splitter per message reuses the blocks already final
 * and the last block shows as streamingTail makes it; a finished text is split once, in full.
 */
export function useMarkdownBlocks(text: string, streaming: boolean): string[] {
  const splitter = useRef<BlockSplitter | null>(null);
  return useMemo(() => {
    if (!streaming) {
      splitter.current = null;
      return splitBlocks(text);
    }
    splitter.current ??= new BlockSplitter();
    const blocks = splitter.current.split(text);
    const last = blocks.pop();
    if (last === undefined) return blocks;
    const tail = streamingTail(last);
    return tail.trim() === '' ? blocks : [...blocks, tail];
  }, [text, streaming]);
}
