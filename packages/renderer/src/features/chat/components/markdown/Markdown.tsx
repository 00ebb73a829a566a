import { useDeferredValue } from 'react';
import { MarkdownBlock } from './MarkdownBlock';
import { useMarkdownBlocks } from './useMarkdownBlocks';
import './markdown.css';

/**
 * A model's answer rendered as Markdown (GFM, code with highlighting, math), sanitized: raw HTML
 * shows as text, links open outside the app. Safe to render on every streamed token: finished
 * blocks are not rendered again, and the text is a deferred value, so typing in the composer stays
 * ahead of a long answer's rendering.
 */
export function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const shown = useDeferredValue(text);
  const blocks = useMarkdownBlocks(shown, streaming);
  return (
    <div className="markdown" data-testid="markdown">
      {blocks.map((source, index) => (
        // Blocks only grow at the end; a block's index is its identity.
        <MarkdownBlock key={index} source={source} />
      ))}
    </div>
  );
}
