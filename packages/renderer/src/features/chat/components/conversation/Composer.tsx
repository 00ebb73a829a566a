import { ArrowUp, Square } from 'lucide-react';
import { type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent, type ReactNode, type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatSendSchema } from '@elftia/desktop/shared/contracts/chat.ts';
import type { AttachmentInput } from '@elftia/desktop/shared/contracts/attachments.ts';
import { Tooltip } from '../../../../components/Tooltip';
import { type DisplayError, errorMessageKey, readAppError, toDisplayError } from '../../../../lib/appError';
import { problemsFromFieldErrors } from '../../model/attachmentFiles';
import { type Attachments, useAttachments } from '../../model/useAttachments';
import { AttachButton } from '../attachments/AttachButton';
import { AttachmentTray } from '../attachments/AttachmentTray';
import { ResourcesButton } from '../resources/ResourcesButton';
import type { McpServerView } from '@elftia/desktop/router';

// The schema's own limit, so the box cannot accept more than chat.send does.
const MESSAGE_MAX = chatSendSchema.shape.text.maxLength ?? undefined;

/** What the conversation asks of its composer: focus, Stop from elsewhere (Esc in the messages). */
export interface ComposerHandle {
  /** Puts the cursor in the box, after `typed` (text typed elsewhere meanwhile) is added at its end. */
  focus(typed?: string): void;
  stop(): void;
  /** Focus is in the box and nothing is typed: a prompt that needs an answer may take focus. */
  isIdle(): boolean;
  /** Sends `text` (and files read elsewhere) as if typed and sent; the text is left in the box when it cannot be sent (yet). */
  send(text: string, attachments?: AttachmentInput[]): void;
  /** Adds what was read elsewhere (a linked resource) to the files of the next message. */
  attach: Attachments['attach'];
}

export interface ComposerProps {
  /** A turn runs: sending waits, Stop shows. Typing the next message stays possible. */
  running: boolean;
  /** Why sending is not possible yet (no provider or model), shown as the hint; undefined when it is. */
  blockedReason?: string;
  /** The text and the files attached (picked, pasted or dropped). */
  onSend: (text: string, attachments: AttachmentInput[]) => Promise<unknown>;
  onStop: () => Promise<unknown>;
  /** The conversation's controls in the bar under the box (model picker, tools), compact. */
  controls?: ReactNode;
  /**
   * The servers whose resources and prompts the "Resources & prompts" button offers (the connected
   * ones of these); the button shows only when given. undefined entries: the list is loading.
   */
  resourceServers?: { servers: McpServerView[] | undefined };
  ref?: Ref<ComposerHandle>;
}

/**
 * The message box, pinned under the messages: it grows with its text up to a limit (styles.css),
 * then scrolls. Enter sends and Shift+Enter adds a line, except while an input method is composing
 * (Japanese and Chinese use Enter to confirm a conversion). The box empties at once and gets the
 * text back if sending fails, so nothing typed is ever lost. Send turns into Stop while a turn runs.
 */
export function Composer({ running, blockedReason, onSend, onStop, controls, resourceServers, ref }: ComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ kind: 'send' | 'stop'; error: DisplayError }>();
  const [dragging, setDragging] = useState(false);
  const attachments = useAttachments();
  const canSendText = (value: string, fileCount = attachments.items.length) => !running && !sending && blockedReason === undefined && (value.trim() !== '' || fileCount > 0);
  const canSend = canSendText(text);

  useImperativeHandle(ref, () => ({
    focus: (typed) => {
      const input = inputRef.current;
      if (typed && input) {
        // The box shows it at once (the next key lands after it), and the state follows.
        input.value += typed;
        setText(input.value);
      }
      input?.focus();
      if (typed && input) input.setSelectionRange(input.value.length, input.value.length);
    },
    stop: () => void stop(),
    isIdle: () => document.activeElement === inputRef.current && inputRef.current?.value === '',
    send: (value, given) => void send(value, given),
    attach: (items, problems) => attachments.attach(items, problems),
  }));

  async function send(sent: string = text, given?: AttachmentInput[]) {
    if (!canSendText(sent, given?.length)) {
      setText(sent);
      return;
    }
    // Files handed over with the text (the first message of a new conversation) are sent as they are.
    const files = given ? [] : attachments.take();
    setSending(true);
    setFailure(undefined);
    setText('');
    try {
      await onSend(sent, given ?? files.map((file) => file.input));
    } catch (error) {
      // Only if the user has not started a new message meanwhile.
      setText((current) => (current === '' ? sent : current));
      // What main said of a file is shown with the file; the rest as the send's failure.
      const fieldErrors = readAppError(error)?.fieldErrors ?? [];
      const { problems, rest } = problemsFromFieldErrors(fieldErrors, files.map((file) => file.input));
      attachments.restore(files, problems);
      if (problems.length === 0 || rest.length > 0) setFailure({ kind: 'send', error: toDisplayError(error) });
    } finally {
      setSending(false);
    }
  }

  /** A prompt's text: the box's, or after what is typed there already, a blank line apart. */
  function insertText(inserted: string) {
    const input = inputRef.current;
    if (inserted !== '') {
      const current = input?.value ?? text;
      const next = current.trim() === '' ? inserted : `${current}\n\n${inserted}`;
      if (input) input.value = next;
      setText(next);
    }
    input?.focus();
    if (input) input.setSelectionRange(input.value.length, input.value.length);
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    // A pasted image would otherwise also paste its file name or nothing useful as text.
    event.preventDefault();
    void attachments.add(files);
  }

  const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

  function onDragOver(event: DragEvent<HTMLFormElement>) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(true);
  }

  function onDrop(event: DragEvent<HTMLFormElement>) {
    setDragging(false);
    if (!carriesFiles(event)) return;
    event.preventDefault();
    void attachments.add([...event.dataTransfer.files]);
  }

  async function stop() {
    setFailure(undefined);
    try {
      await onStop();
    } catch (error) {
      setFailure({ kind: 'stop', error: toDisplayError(error) });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void send();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  const hintId = `${id}-hint`;
  const failureId = `${id}-failure`;
  const sendLabel = t('chat/conversations:composer.send');
  const stopLabel = t('chat/conversations:composer.stop');
  return (
    <form
      className="composer"
      onSubmit={onSubmit}
      aria-busy={sending}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
    >
      {failure && (
        <p id={failureId} className="form__failure composer__failure" role="alert">
          {t(failure.kind === 'send' ? 'chat/conversations:composer.sendFailed' : 'chat/conversations:composer.stopFailed', {
            reason: t(errorMessageKey(failure.error.code), failure.error.params ?? {}),
          })}
        </p>
      )}
      <div className="composer__box">
        <AttachmentTray items={attachments.items} problems={attachments.problems} onRemove={attachments.remove} />
        <label htmlFor={id} className="visually-hidden">
          {t('chat/conversations:composer.label')}
        </label>
        <textarea
          ref={inputRef}
          id={id}
          className="composer__input"
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX}
          placeholder={t('chat/conversations:composer.placeholder')}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          aria-describedby={failure ? `${failureId} ${hintId}` : hintId}
        />
        <div className="composer__bar">
          <AttachButton onFiles={(files) => void attachments.add(files)} />
          {resourceServers && <ResourcesButton servers={resourceServers.servers} onAttach={attachments.attach} onInsertText={insertText} />}
          <div className="composer__controls">{controls}</div>
          {running ? (
            <Tooltip label={`${stopLabel} (Esc)`}>
              <button type="button" className="composer__action composer__action--stop" aria-label={stopLabel} onClick={() => void stop()}>
                <Square size={14} aria-hidden fill="currentColor" />
              </button>
            </Tooltip>
          ) : (
            <Tooltip label={`${sendLabel} (Enter)`}>
              <button type="submit" className="composer__action" aria-label={sendLabel} disabled={!canSend}>
                <ArrowUp size={18} aria-hidden />
              </button>
            </Tooltip>
          )}
        </div>
      </div>
      <p id={hintId} className={blockedReason ? 'composer__hint composer__hint--blocked' : 'composer__hint'}>
        {blockedReason ?? t('chat/conversations:composer.hint')}
      </p>
    </form>
  );
}
