import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AudioContent, ImageContent } from '@elftia/desktop/shared/contracts/tool-content.ts';
import { Dialog } from '../../../../components/Dialog';
import { mediaSource } from './mediaSource';

/** An image decoded from the tool's base64 with its own mime type; a click opens it full size. */
export function ImageResult({ content }: { content: Pick<ImageContent, 'data' | 'mimeType'> }) {
  const { t } = useTranslation();
  const [enlarged, setEnlarged] = useState(false);
  const src = mediaSource('image', content.mimeType, content.data);
  const mime = content.mimeType;
  if (!src) return <p className="tool-result__note">{t('chat/tool-calls:result.unsupportedMedia', { mime })}</p>;
  const alt = t('chat/tool-calls:result.image', { mime });
  return (
    <>
      <button type="button" className="image-result" aria-label={t('chat/tool-calls:result.enlarge', { mime })} onClick={() => setEnlarged(true)}>
        <img src={src} alt={alt} className="image-result__thumb" />
      </button>
      {enlarged && (
        <Dialog title={alt} onClose={() => setEnlarged(false)} className="dialog--image">
          <img src={src} alt={alt} className="image-result__full" />
          <div className="dialog__actions">
            <button type="button" className="button" onClick={() => setEnlarged(false)} data-autofocus>
              {t('chat/tool-calls:result.close')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** Audio decoded from the tool's base64, in the browser's own player. */
export function AudioResult({ content }: { content: Pick<AudioContent, 'data' | 'mimeType'> }) {
  const { t } = useTranslation();
  const src = mediaSource('audio', content.mimeType, content.data);
  const mime = content.mimeType;
  if (!src) return <p className="tool-result__note">{t('chat/tool-calls:result.unsupportedMedia', { mime })}</p>;
  return <audio controls src={src} preload="metadata" aria-label={t('chat/tool-calls:result.audio', { mime })} className="audio-result" />;
}
