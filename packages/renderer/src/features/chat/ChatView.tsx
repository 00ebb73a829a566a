import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultModelOf } from '@elftia/desktop/shared/contracts/providers.ts';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../lib/appError';
import { ConversationSidebar } from './components/conversation-list/ConversationSidebar';
import { ConversationPane } from './components/conversation/ConversationPane';
import { InteractionsProvider } from './model/interactions';
import { type ConversationStart, type FirstMessage, WelcomePane } from './components/conversation/WelcomePane';
import { useChatShortcuts } from './model/useChatShortcuts';
import { useConversations } from './model/useConversations';
import { useProviders } from './model/useProviders';
import { useSidebarCollapsed } from './model/useSidebarCollapsed';

export interface ChatViewProps {
  /** Opens Settings → Providers (the shell owns navigation; features do not import each other). */
  onSetUpProviders: () => void;
  /** The app's name at the top of the sidebar. */
  brand?: ReactNode;
  /** The shell's navigation at the sidebar's foot; `compact` on the folded rail. */
  sidebarFooter?: (compact: boolean) => ReactNode;
  /**
   * Another view (Settings) is shown. The chat stays mounted meanwhile, so the open conversation,
   * a draft and a running turn's stream are all still there when it comes back.
   */
  hidden?: boolean;
  /** Asks the shell to show the chat: a shortcut pressed in Settings opens it first. */
  onShow?: () => void;
}

/** The chat: the sidebar of conversations beside the open conversation. */
export function ChatView({ onSetUpProviders, brand, sidebarFooter, hidden = false, onShow }: ChatViewProps) {
  const { t } = useTranslation();
  const conversations = useConversations();
  const { providers, error: providersError } = useProviders();
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const selected = conversations.list?.find((c) => c.id === conversations.selectedId);
  const [createFailure, setCreateFailure] = useState<DisplayError>();
  const searchRef = useRef<HTMLInputElement>(null);
  const [searchRequest, setSearchRequest] = useState(0);
  // The conversation whose composer takes focus when it shows (after New conversation), and a
  // counter that asks again when that conversation is already open.
  const focusFor = useRef<string>(undefined);
  // The open conversation's box and what it held when New conversation was pressed: what is typed
  // there after that belongs to the new conversation. Read when the new box takes focus (the old box
  // has left the page by then but keeps its value), so no key typed in between is lost.
  const typedAhead = useRef<{ id: string; box: HTMLTextAreaElement; before: string }>(undefined);
  const [focusRequest, setFocusRequest] = useState(0);

  const createConversation = useCallback(async () => {
    setCreateFailure(undefined);
    if (conversations.list?.length === 0) {
      // The welcome composer is the new conversation: it starts with its first message, so text
      // typed there is never swapped for another box.
      setFocusRequest((n) => n + 1);
      return;
    }
    // A new conversation starts with the first provider and its default model, so it can be used
    // right away; main hands back an empty one instead of adding another (reuseEmpty).
    const provider = providers?.[0];
    const model = provider && defaultModelOf(provider);
    // The shortcut leaves the cursor in the open conversation's box until the new one opens: what is
    // typed there meanwhile carries over instead of leaving with the old box.
    const box = openComposerInput();
    const before = box?.value;
    const openId = conversations.selectedId;
    try {
      const fields = provider && model ? { providerId: provider.id, model, reuseEmpty: true } : { reuseEmpty: true };
      await conversations.create(fields, (opened) => {
        // Asked before it opens, so its pane takes focus in the same commit that removes the old box.
        focusFor.current = opened.id;
        if (box && before !== undefined && opened.id !== openId) typedAhead.current = { id: opened.id, box, before };
      });
      // For an empty conversation that was open already (reused): its pane is not mounted again.
      setFocusRequest((n) => n + 1);
    } catch (error) {
      setCreateFailure(toDisplayError(error));
    }
  }, [conversations, providers]);

  // The first message typed in the welcome composer, sent by the new conversation's pane once open.
  const firstMessage = useRef<{ id: string; message: FirstMessage }>(undefined);

  const startConversation = useCallback(
    async (start: ConversationStart, message: FirstMessage) => {
      // Set before the conversation opens: its pane takes the message as it mounts.
      await conversations.create({ ...start, reuseEmpty: true }, (record) => {
        firstMessage.current = { id: record.id, message };
        focusFor.current = record.id;
      });
      setFocusRequest((n) => n + 1);
    },
    [conversations],
  );

  const takeFirstMessage = useCallback((id: string) => {
    if (firstMessage.current?.id !== id) return undefined;
    const { message } = firstMessage.current;
    firstMessage.current = undefined;
    return message;
  }, []);

  const takeFocusRequest = useCallback((id: string) => {
    if (focusFor.current !== id) return false;
    focusFor.current = undefined;
    const ahead = typedAhead.current;
    typedAhead.current = undefined;
    if (ahead?.id !== id || !ahead.box.value.startsWith(ahead.before)) return '';
    return ahead.box.value.slice(ahead.before.length);
  }, []);

  // Back from Settings, the button that was pressed is gone and focus with it: the cursor returns
  // to the message box, so typing goes on where it left off.
  const wasHidden = useRef(hidden);
  useEffect(() => {
    if (wasHidden.current && !hidden) setFocusRequest((n) => n + 1);
    wasHidden.current = hidden;
  }, [hidden]);

  const requestSearch = useCallback(() => {
    setCollapsed(false);
    setSearchRequest((n) => n + 1);
  }, [setCollapsed]);

  useEffect(() => {
    // After the render that unfolded the sidebar (and showed the chat): the field exists now.
    if (searchRequest > 0) searchRef.current?.focus();
  }, [searchRequest]);

  useChatShortcuts({
    onNewConversation: () => {
      if (conversations.list === undefined) return;
      onShow?.();
      void createConversation();
    },
    onSearch: () => {
      onShow?.();
      requestSearch();
    },
  });

  const loadError = conversations.loadError ?? providersError;
  return (
    <div className="chat" hidden={hidden}>
      <ConversationSidebar
        brand={brand}
        footer={sidebarFooter}
        collapsed={collapsed}
        onCollapsedChange={setCollapsed}
        conversations={conversations.list}
        loading={conversations.loadError === undefined}
        selectedId={conversations.selectedId}
        now={new Date()}
        onSelect={conversations.select}
        onNew={() => void createConversation()}
        createFailure={createFailure}
        onRename={(id, title) => conversations.update(id, { title })}
        onDelete={conversations.remove}
        onSearchRequest={requestSearch}
        searchRef={searchRef}
      />
      <InteractionsProvider>
        <main className="chat__main">
          {loadError !== undefined && (
            <p className="form__failure chat__failure" role="alert">
              {t('chat/conversations:list.loadFailed', { reason: t(errorMessageKey(toDisplayError(loadError).code)) })}
            </p>
          )}
          {selected && providers ? (
            <ConversationPane
              key={selected.id}
              conversation={selected}
              providers={providers}
              onUpdate={(patch) => conversations.update(selected.id, patch)}
              onSetUpProviders={onSetUpProviders}
              focusRequest={focusRequest}
              takeFocusRequest={takeFocusRequest}
              takeFirstMessage={takeFirstMessage}
            />
          ) : (
            // Not while the list has conversations and the newest is about to open.
            conversations.list?.length === 0 &&
            providers && <WelcomePane providers={providers} onStart={startConversation} onSetUpProviders={onSetUpProviders} focusRequest={focusRequest} />
          )}
        </main>
      </InteractionsProvider>
    </div>
  );
}

/** The open conversation's message box, when the cursor is in it. */
function openComposerInput(): HTMLTextAreaElement | undefined {
  const active = document.activeElement;
  return active instanceof HTMLTextAreaElement && active.classList.contains('composer__input') ? active : undefined;
}
