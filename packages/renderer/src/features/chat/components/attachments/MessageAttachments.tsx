import { useQuery } from '@tanstack/react-query';
import { FileText, ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type AttachmentView, formatByteSize } from '@elftia/desktop/shared/contracts/attachments.ts';
import { useTRPC } from '../../../../lib/query';
import './attachments.css';

/** The files a sent message carried: image thumbnails (loaded from main) and text file chips. */
export function MessageAttachments({ conversationId, attachments }: { conversationId: string; attachments: readonly AttachmentView[] }) {
  const { t } = useTranslation();
  return (
    <ul className="attachment-list attachment-list--sent" aria-label={t('chat/attachments:sent')}>
      {attachments.map((attachment) => (
        <li key={attachment.id} className="attachment" data-kind={attachment.kind}>
          {attachment.kind === 'image' ? <SentImage conversationId={conversationId} attachment={attachment} /> : <TextFile attachment={attachment} />}
        </li>
      ))}
    </ul>
  );
}

function SentImage({ conversationId, attachment }: { conversationId: string; attachment: AttachmentView }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { data, error } = useQuery(trpc.chat.attachment.queryOptions({ conversationId, attachmentId: attachment.id }));
  if (error) {
    return (
      <span className="attachment__missing">
        <ImageOff aria-hidden="true" size={16} />
        {t('chat/attachments:imageMissing', { name: attachment.name })}
      </span>
    );
  }
  // The box keeps its size while the image loads, so the transcript does not jump.
  return data ? <img className="attachment__image" src={`data:${data.mimeType};base64,${data.data}`} alt={t('chat/attachments:imageAlt', { name: attachment.name })} /> : <span className="attachment__image attachment__image--loading" role="img" aria-label={t('chat/attachments:imageAlt', { name: attachment.name })} />;
}

function TextFile({ attachment }: { attachment: AttachmentView }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <FileText className="attachment__icon" aria-hidden="true" size={18} />
      <span className="attachment__name" title={attachment.name}>
        {attachment.name}
      </span>
      <span className="attachment__size">
        <span className="visually-hidden">{t('chat/attachments:textFile')} </span>
        {formatByteSize(attachment.size, i18n.language)}
      </span>
    </>
  );
}
