import { useTranslation } from 'react-i18next';
import type { ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import type { ToolContent } from '@elftia/desktop/shared/contracts/tool-content.ts';
import { JsonTree } from '../../../../components/JsonTree';
import { AudioResult, ImageResult } from './MediaResults';
import { EmbeddedResourceResult, ResourceLinkResult } from './ResourceResults';
import { TextResult } from './TextResult';

function ContentItem({ item }: { item: ToolContent }) {
  switch (item.type) {
    case 'text':
      return <TextResult text={item.text} />;
    case 'image':
      return <ImageResult content={item} />;
    case 'audio':
      return <AudioResult content={item} />;
    case 'resource_link':
      return <ResourceLinkResult content={item} />;
    case 'resource':
      return <EmbeddedResourceResult content={item} />;
  }
}

/**
 * Everything the server returned (seed 002's content types), not the flattened text the model read —
 * except when the server returned no content items, where that text is all there is.
 */
export function ToolResult({ result }: { result: NonNullable<ToolCallView['result']> }) {
  const { t } = useTranslation();
  const empty = result.content.length === 0 && result.text === '' && result.structuredContent === undefined;
  return (
    <div className={result.isError ? 'tool-result tool-result--error' : 'tool-result'} data-testid="tool-result" data-error={result.isError || undefined}>
      {result.isError && <p className="tool-result__error-label">{t('chat/tool-calls:result.isError')}</p>}
      {result.truncatedForModel && (
        <p className="tool-result__note" data-testid="tool-truncated">
          {t('chat/tool-calls:result.truncatedForModel')}
        </p>
      )}
      {result.content.map((item, index) => (
        // Content items have no ids and never reorder within a result.
        <ContentItem key={index} item={item} />
      ))}
      {result.content.length === 0 && result.text !== '' && <TextResult text={result.text} />}
      {result.structuredContent !== undefined && <JsonTree value={result.structuredContent} label={t('chat/tool-calls:result.structured')} />}
      {empty && <p className="tool-result__note">{t('chat/tool-calls:result.empty')}</p>}
    </div>
  );
}
