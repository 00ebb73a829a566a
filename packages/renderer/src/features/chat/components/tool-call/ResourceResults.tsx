import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceReadView } from '@elftia/desktop/shared/contracts/mcp-resources.ts';
import type { EmbeddedResourceContent, ResourceLinkContent } from '@elftia/desktop/shared/contracts/tool-content.ts';
import { useApi } from '../../../../lib/api';
import { errorMessageKey } from '../../../../lib/appError';
import { useBusyAction } from '../../../../lib/useBusyAction';
import { useComposerAttach } from '../../model/composerAttach';
import { readToAttachments } from '../../model/resourceAttachments';
import { base64Bytes } from './mediaSource';
import { AudioResult, ImageResult } from './MediaResults';
import { TextResult } from './TextResult';

/**
 * A link to a resource the server can serve later. The URI is shown as text, not an <a>: it comes
 * from the server and may be file:, data: or a custom scheme, and following it inside the app's
 * window would navigate Elftia itself. Open reads it through the server that returned it
 * (resources.read) and shows what it holds here.
 */
export function ResourceLinkResult({ content, serverId }: { content: ResourceLinkContent; serverId?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [read, setRead] = useState<ResourceReadView>();
  const { busy, failure, run } = useBusyAction();
  const [attached, setAttached] = useState(false);
  const attachToComposer = useComposerAttach();

  async function open() {
    if (!serverId) return;
    await run(async () => setRead(await api.resources.read.query({ id: serverId, uri: content.uri })));
  }

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
      {serverId && !read && (
        <button type="button" className="button resource__open" disabled={busy} aria-label={t('chat/tool-calls:result.openResource', { name: content.title ?? content.name })} onClick={() => void open()}>
          {t('chat/tool-calls:result.open')}
        </button>
      )}
      {failure && (
        <p className="field__error" role="alert">
          {t('chat/tool-calls:result.openFailed', { reason: t(errorMessageKey(failure.code), failure.params ?? {}) })}
        </p>
      )}
      {read && attachToComposer && (
        <button
          type="button"
          className="button resource__open"
          disabled={attached}
          onClick={() => {
            const { items, problems } = readToAttachments(read, content.name);
            attachToComposer(items, problems);
            setAttached(true);
          }}
        >
          {t(attached ? 'chat/tool-calls:result.attached' : 'chat/tool-calls:result.attachToMessage')}
        </button>
      )}
      {read && (
        <div className="resource__preview" data-testid="tool-resource-preview">
          {read.contents.length === 0 && <p className="resource__meta">{t('chat/tool-calls:result.empty')}</p>}
          {read.contents.map((item, index) =>
            item.text !== undefined ? (
              <TextResult key={index} text={item.text} />
            ) : item.blob !== undefined && item.mimeType?.startsWith('image/') ? (
              <ImageResult key={index} content={{ data: item.blob, mimeType: item.mimeType }} />
            ) : item.blob !== undefined && item.mimeType?.startsWith('audio/') ? (
              <AudioResult key={index} content={{ data: item.blob, mimeType: item.mimeType }} />
            ) : (
              <p key={index} className="resource__meta">
                {t('chat/tool-calls:result.binary', { size: new Intl.NumberFormat(i18n.language).format(item.omittedBytes ?? base64Bytes(item.blob ?? '')) })}
              </p>
            ),
          )}
        </div>
      )}
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
