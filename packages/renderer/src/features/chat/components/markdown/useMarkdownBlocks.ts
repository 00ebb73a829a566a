import { useMemo, useRef } from 'react';
import { BlockSplitter } from './blockSplitter';
import { streamingTail } from './streamingTail';

/**
 * The blocks to render. One splitter per message reuses the blocks already final, also for the
 * finished text when the message was streamed here (the last token does not re-parse the answer).
 * While streaming, the last block shows as streamingTail makes it.
 */
export function useMarkdownBlocks(text: string, streaming: boolean): string[] {
  const splitter = useRef<BlockSplitter | null>(null);
  return useMemo(() => {
    splitter.current ??= new BlockSplitter();
    const blocks = splitter.current.split(text);
    if (!streaming) return blocks;
    const last = blocks.pop();
    if (last === undefined) return blocks;
    const tail = streamingTail(last);
    return tail.trim() === '' ? blocks : [...blocks, tail];
  }, [text, streaming]);
}
