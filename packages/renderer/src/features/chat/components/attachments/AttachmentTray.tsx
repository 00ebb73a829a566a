import { FileText, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { base64Bytes, formatByteSize } from '@elftia/desktop/shared/contracts/attachments.ts';
import { fieldErrorMessage } from '../../../../lib/fieldErrorMessage';
import type { PendingAttachment } from '../../model/attachmentFiles';
import type { ShownProblem } from '../../model/useAttachments';
import './attachments.css';

export interface AttachmentTrayProps {
  items: readonly PendingAttachment[];
  problems: readonly ShownProblem[];
  onRemove: (key: string) => void;
}

/** The files waiting to be sent: a thumbnail or a chip each, removable, and why others were not attached. */
export function AttachmentTray({ items, problems, onRemove }: AttachmentTrayProps) {
  const { t, i18n } = useTranslation();
  if (items.length === 0 && problems.length === 0) return null;
  return (
    <div className="attachment-tray">
      {items.length > 0 && (
        <ul className="attachment-list" aria-label={t('chat/attachments:tray')}>
          {items.map((item) => {
            const { input } = item;
            const size = input.kind === 'image' ? formatByteSize(base64Bytes(input.data), i18n.language) : formatByteSize(new Blob([input.text]).size, i18n.language);
            return (
              <li key={item.key} className="attachment" data-kind={input.kind}>
                {item.previewUrl ? <img className="attachment__thumb" src={item.previewUrl} alt="" /> : <FileText className="attachment__icon" aria-hidden="true" size={18} />}
                <span className="attachment__name" title={input.name}>
                  {input.name}
                </span>
                <span className="attachment__size">{size}</span>
                <button type="button" className="attachment__remove" aria-label={t('chat/attachments:remove', { name: input.name })} onClick={() => onRemove(item.key)}>
                  <X aria-hidden="true" size={14} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {problems.length > 0 && (
        <ul className="attachment-problems" role="alert">
          {problems.map((problem, index) => (
            <li key={index}>
              {t('chat/attachments:problem', {
                name: problem.name,
                message: 'code' in problem ? t(`chat/attachments:${problem.code}`, problem.params ?? {}) : fieldErrorMessage(t, problem.error),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
