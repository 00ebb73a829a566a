import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import type { ToolContent } from '@elftia/desktop/shared/contracts/tool-content.ts';
import { JsonTree } from '../../../../components/JsonTree';
import { AudioResult, ImageResult } from './MediaResults';
import { EmbeddedResourceResult, ResourceLinkResult } from './ResourceResults';
import { ShortenedNote } from './ShortenedNote';
import { TextResult } from './TextResult';

function ContentItem({ item, serverId }: { item: ToolContent; serverId: string | undefined }) {
  switch (item.type) {
    case 'text':
      return <TextResult text={item.text} />;
    case 'image':
      return <ImageResult content={item} />;
    case 'audio':
      return <AudioResult content={item} />;
    case 'resource_link':
      return <ResourceLinkResult content={item} serverId={serverId} />;
    case 'resource':
      return <EmbeddedResourceResult content={item} />;
  }
}

type Result = NonNullable<ToolCallView['result']>;

/**
 * Everything the server returned, not the flattened text the model read —
 * except when the server returned no content items, where that text is all there is. A large result
 * arrives as a bounded copy (`shortened`); `loadAll` fetches the rest when the user asks. `serverId`:
 * the server that answered, which resource links are read from.
 */
export function ToolResult({ result: sent, loadAll, serverId }: { result: Result; loadAll?: (() => Promise<Result>) | undefined; serverId?: string | undefined }) {
  const { t } = useTranslation();
  const [whole, setWhole] = useState<Result>();
  const rootRef = useRef<HTMLDivElement>(null);
  // "Show the whole result" goes away with its note once the whole arrives: focus moves to the
  // result it revealed rather than falling back to <body>.
  useEffect(() => {
    if (whole) rootRef.current?.focus();
  }, [whole]);
  const result = whole ?? sent;
  // "All of it is shown here" holds only once a bounded copy was replaced by the whole.
  const partial = sent.shortened !== undefined && !whole;
  const empty = result.content.length === 0 && result.text === '' && result.structuredContent === undefined;
  return (
    <div
      ref={rootRef}
      className={result.isError ? 'tool-result tool-result--error' : 'tool-result'}
      data-testid="tool-result"
      data-error={result.isError || undefined}
      tabIndex={whole ? -1 : undefined}
    >
      {result.isError && <p className="tool-result__error-label">{t('chat/tool-calls:result.isError')}</p>}
      {result.truncatedForModel && (
        <p className="tool-result__note" data-testid="tool-truncated">
          {t(partial ? 'chat/tool-calls:result.truncatedForModelOnly' : 'chat/tool-calls:result.truncatedForModel')}
        </p>
      )}
      {sent.shortened && !whole && <ShortenedNote bytes={sent.shortened.bytes} loadAll={loadAll} onLoaded={setWhole} />}
      {result.content.map((item, index) => (
        // Content items have no ids and never reorder within a result.
        <ContentItem key={index} item={item} serverId={serverId} />
      ))}
      {result.content.length === 0 && result.text !== '' && <TextResult text={result.text} />}
      {result.structuredContentMismatch !== undefined && (
        <p className="tool-result__note tool-result__warning" data-testid="tool-structured-mismatch">
          {t('chat/tool-calls:result.structuredMismatch', { detail: result.structuredContentMismatch })}
        </p>
      )}
      {result.structuredContent !== undefined && <JsonTree value={result.structuredContent} label={t('chat/tool-calls:result.structured')} />}
      {empty && <p className="tool-result__note">{t('chat/tool-calls:result.empty')}</p>}
    </div>
  );
}
