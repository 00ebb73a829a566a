import { Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ManyToolsNote as Note } from '@elftia/desktop/shared/contracts/chat.ts';

/**
 * Said at the top of a turn that ran in many-tools mode: the model saw a tool search instead of
 * every tool, because there were more tools than the approval policy's threshold.
 */
export function ManyToolsNote({ note }: { note: Note }) {
  const { t } = useTranslation();
  return (
    <p className="message__many-tools" data-testid="many-tools-note">
      <Layers aria-hidden="true" size={16} strokeWidth={1.75} />
      <span>{t('chat/conversations:manyTools.note', { tools: note.toolCount, threshold: note.threshold })}</span>
    </p>
  );
}
