import { Ellipsis, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConversationMenuProps {
  title: string;
  /** Each receives the menu's button, where focus returns when the dialog it opens closes. */
  onRename: (trigger: HTMLButtonElement | null) => void;
  onDelete: (trigger: HTMLButtonElement | null) => void;
}

/**
 * A conversation's actions behind one small button (Radix UI DropdownMenu), shown on hover and
 * focus, so the title keeps the row's width. Non-modal: a modal menu's scroll lock injects a <style>
 * element, which the page's Content-Security-Policy refuses.
 */
export function ConversationMenu({ title, onRename, onDelete }: ConversationMenuProps) {
  const { t } = useTranslation();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The dialog an item opens takes focus; the closing menu must not pull it back to its button.
  const opensDialog = useRef(false);
  const choose = (action: (trigger: HTMLButtonElement | null) => void) => () => {
    opensDialog.current = true;
    action(triggerRef.current);
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button ref={triggerRef} type="button" className="icon-button conversation-item__menu" aria-label={t('chat/conversations:list.actions', { title })}>
          <Ellipsis size={16} aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            if (!opensDialog.current) return;
            opensDialog.current = false;
            event.preventDefault();
          }}
        >
          <DropdownMenu.Item className="menu__item" onSelect={choose(onRename)}>
            <Pencil size={16} aria-hidden />
            {t('chat/conversations:list.rename')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item menu__item--danger" onSelect={choose(onDelete)}>
            <Trash2 size={16} aria-hidden />
            {t('chat/conversations:list.delete')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
