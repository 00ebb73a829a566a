import { useEffect, useRef } from 'react';
import { matchesShortcut, SHORTCUTS } from '../../../lib/shortcuts';

export interface ChatShortcutHandlers {
  onNewConversation: () => void;
  onSearch: () => void;
}

/**
 * The chat's window-wide shortcuts (lib/shortcuts.ts): a new conversation, and the conversation
 * search. Listened for on the window, so they work wherever focus is — the composer included.
 */
export function useChatShortcuts(handlers: ChatShortcutHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // A dialog is open: its own keys only.
      if (event.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      if (matchesShortcut(event, SHORTCUTS.newConversation)) {
        event.preventDefault();
        ref.current.onNewConversation();
      } else if (matchesShortcut(event, SHORTCUTS.search)) {
        event.preventDefault();
        ref.current.onSearch();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
