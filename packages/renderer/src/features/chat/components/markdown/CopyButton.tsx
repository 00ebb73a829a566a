import { Check, Copy, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long "Copied" (or "Not copied") shows before the button reads "Copy" again. */
const FEEDBACK_MS = 2000;

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text` to the clipboard and says so on the button. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    // A browser tab may refuse (no permission, not focused): say so rather than pretend it worked.
    const done = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    done.then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  const Icon = state === 'copied' ? Check : state === 'failed' ? X : Copy;
  return (
    <button type="button" className="markdown__copy" data-state={state} onClick={copy}>
      <Icon aria-hidden="true" size={14} />
      <span aria-live="polite">
        {state === 'copied' ? t('chat/markdown:code.copied') : state === 'failed' ? t('chat/markdown:code.copyFailed') : t('chat/markdown:code.copy')}
      </span>
    </button>
  );
}
