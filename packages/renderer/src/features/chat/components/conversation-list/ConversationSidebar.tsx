import { PanelLeftClose, PanelLeftOpen, Search, SquarePen } from 'lucide-react';
import { type ReactNode, type Ref, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationRecord } from '@elftia/desktop/shared/contracts/chat.ts';
import { IconButton } from '../../../../components/IconButton';
import { Tooltip } from '../../../../components/Tooltip';
import { type DisplayError, errorMessageKey } from '../../../../lib/appError';
import { SHORTCUTS, shortcutLabel } from '../../../../lib/shortcuts';
import { filterByTitle } from '../../model/conversationGroups';
import { ConversationList } from './ConversationList';
import { SearchField } from './SearchField';
import { useConversationTitle } from './useConversationTitle';

export interface ConversationSidebarProps {
  /** The app's name, at the top (from the shell). */
  brand?: ReactNode;
  /** The shell's navigation at the foot (Settings); `compact` on the folded rail. */
  footer?: (compact: boolean) => ReactNode;
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  /** undefined while loading. */
  conversations: ConversationRecord[] | undefined;
  loading: boolean;
  selectedId: string | undefined;
  now: Date;
  onSelect: (id: string) => void;
  onNew: () => void;
  /** Why the last New conversation failed, if it did. */
  createFailure: DisplayError | undefined;
  onRename: (id: string, title: string) => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
  /** Asks to unfold and focus the search (the rail's search button). */
  onSearchRequest: () => void;
  searchRef?: Ref<HTMLInputElement>;
}

/**
 * The window's left column: New conversation, the search, the conversations by date, and the
 * shell's navigation at the foot. Folded, it is a rail of icon buttons.
 */
export function ConversationSidebar(props: ConversationSidebarProps) {
  const { t } = useTranslation();
  const newLabel = t('chat/conversations:list.new');
  const newTooltip = `${newLabel} (${shortcutLabel(SHORTCUTS.newConversation)})`;
  // Folding swaps the pressed button for the other layout's: focus follows it instead of falling
  // back to the page, so the keyboard can fold and unfold in place.
  const toggleRef = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    toggleRef.current?.focus();
  }, [props.collapsed]);
  const toggle = (collapsed: boolean) => {
    toggled.current = true;
    props.onCollapsedChange(collapsed);
  };

  if (props.collapsed) {
    return (
      <aside className="sidebar sidebar--rail" data-testid="sidebar">
        <IconButton ref={toggleRef} label={t('chat/conversations:sidebar.show')} icon={PanelLeftOpen} tooltipSide="right" onClick={() => toggle(false)} />
        <IconButton label={newLabel} tooltip={newTooltip} icon={SquarePen} tooltipSide="right" onClick={props.onNew} disabled={props.conversations === undefined} />
        <IconButton label={t('chat/conversations:list.search')} icon={Search} tooltipSide="right" onClick={props.onSearchRequest} />
        <div className="sidebar__foot">{props.footer?.(true)}</div>
      </aside>
    );
  }
  return <ExpandedSidebar {...props} newLabel={newLabel} newTooltip={newTooltip} toggleRef={toggleRef} onFold={() => toggle(true)} />;
}

interface ExpandedProps extends ConversationSidebarProps {
  newLabel: string;
  newTooltip: string;
  toggleRef: RefObject<HTMLButtonElement | null>;
  onFold: () => void;
}

function ExpandedSidebar({ newLabel, newTooltip, toggleRef, onFold, ...props }: ExpandedProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const titleOf = useConversationTitle();
  const newRef = useRef<HTMLButtonElement>(null);
  const [query, setQuery] = useState('');
  const shown = props.conversations && filterByTitle(props.conversations, query, titleOf);

  return (
    <aside className="sidebar" data-testid="sidebar">
      <div className="sidebar__top">
        <span className="sidebar__brand">{props.brand}</span>
        <IconButton ref={toggleRef} label={t('chat/conversations:sidebar.hide')} icon={PanelLeftClose} tooltipSide="right" onClick={onFold} />
      </div>
      <Tooltip label={newTooltip} side="right">
        <button
          ref={newRef}
          type="button"
          className="sidebar__new"
          data-testid="new-conversation"
          onClick={props.onNew}
          disabled={props.conversations === undefined}
          aria-keyshortcuts="Control+Shift+O Meta+Shift+O"
        >
          <SquarePen size={18} aria-hidden />
          <span>{newLabel}</span>
        </button>
      </Tooltip>
      {props.createFailure && (
        <p className="form__failure sidebar__failure" role="alert">
          {t('chat/conversations:list.createFailed', { reason: t(errorMessageKey(props.createFailure.code), props.createFailure.params ?? {}) })}
        </p>
      )}
      <SearchField ref={props.searchRef} value={query} onChange={setQuery} />
      <nav className="sidebar__list" aria-labelledby={headingId} data-testid="conversation-list">
        <h2 id={headingId} className="visually-hidden">
          {t('chat/conversations:list.label')}
        </h2>
        {shown === undefined ? (
          props.loading && <p className="sidebar__note">{t('chat/conversations:list.loading')}</p>
        ) : props.conversations?.length === 0 ? (
          <p className="sidebar__note">{t('chat/conversations:list.empty')}</p>
        ) : shown.length === 0 ? (
          <p className="sidebar__note" role="status">
            {t('chat/conversations:list.noMatches', { query: query.trim() })}
          </p>
        ) : (
          <ConversationList
            conversations={shown}
            selectedId={props.selectedId}
            now={props.now}
            onSelect={props.onSelect}
            onRename={props.onRename}
            onDelete={props.onDelete}
            fallbackFocus={() => newRef.current}
          />
        )}
      </nav>
      <div className="sidebar__foot">{props.footer?.(false)}</div>
    </aside>
  );
}
