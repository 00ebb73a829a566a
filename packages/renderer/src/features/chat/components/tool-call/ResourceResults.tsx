import { useTranslation } from 'react-i18next';
import type { EmbeddedResourceContent, ResourceLinkContent } from '@elftia/desktop/shared/contracts/tool-content.ts';
import { base64Bytes } from './mediaSource';
import { AudioResult, ImageResult } from './MediaResults';
import { TextResult } from './TextResult';

/**
 * A link to a resource the server can serve later. The URI is shown as text, not an <a>: it comes
 * from the server and may be file:, data: or a custom scheme, and following it inside the app's
 * window would navigate Elftia itself.
 */
export function ResourceLinkResult({ content }: { content: ResourceLinkContent }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="resource" data-testid="tool-resource-link">
      <p className="resource__kind">{t('chat/tool-calls:result.resourceLink')}</p>
      <p className="resource__name">{content.title ?? content.name}</p>
      {content.title && content.title !== content.name && <p className="resource__meta">{content.name}</p>}
      <p className="resource__uri mono">{content.uri}</p>
      {content.description && <p className="resource__meta">{content.description}</p>}
      <p className="resource__meta">
        {[content.mimeType, content.size !== undefined ? t('chat/tool-calls:result.bytes', { size: new Intl.NumberFormat(i18n.language).format(content.size) }) : undefined]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </div>
  );
}

/** A resource whose contents came inline: its text as a preview, or its blob as media when it is media. */
export function EmbeddedResourceResult({ content }: { content: EmbeddedResourceContent }) {
  const { t, i18n } = useTranslation();
  const resource = content.resource;
  const mime = resource.mimeType;
  return (
    <div className="resource" data-testid="tool-resource">
      <p className="resource__kind">{t('chat/tool-calls:result.resource')}</p>
      <p className="resource__uri mono">{resource.uri}</p>
      {mime && <p className="resource__meta">{mime}</p>}
      {'text' in resource ? (
        <TextResult text={resource.text} />
      ) : mime?.startsWith('image/') ? (
        <ImageResult content={{ data: resource.blob, mimeType: mime }} />
      ) : mime?.startsWith('audio/') ? (
        <AudioResult content={{ data: resource.blob, mimeType: mime }} />
      ) : (
        <p className="resource__meta">
          {t('chat/tool-calls:result.binary', { size: new Intl.NumberFormat(i18n.language).format(base64Bytes(resource.blob)) })}
        </p>
      )}
    </div>
  );
}
