import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Above either limit a text starts collapsed; "Show all" always reveals every character. */
const COLLAPSED_CHARS = 2000;
const COLLAPSED_LINES = 24;

function preview(text: string): string | undefined {
  let cut = text.length > COLLAPSED_CHARS ? COLLAPSED_CHARS : text.length;
  let lines = 0;
  for (let i = 0; i < cut; i++) {
    if (text.charCodeAt(i) === 10 && ++lines === COLLAPSED_LINES) {
      cut = i;
      break;
    }
  }
  if (cut >= text.length) return undefined;
  // Never split a surrogate pair (an emoji or a rare CJK character) in the preview.
  const code = text.charCodeAt(cut - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? cut - 1 : cut);
}

/**
 * A text a tool returned, in a <pre> so its layout survives. Huge text starts collapsed to a preview
 * but is never cut: the model may have read a shortened version (truncatedForModel), the user can
 * always read all of it here.
 */
export function TextResult({ text }: { text: string }) {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const short = preview(text);
  const shown = expanded || short === undefined ? text : short;
  return (
    <div className="text-result">
      <pre id={id} className="text-result__text" data-testid="tool-text">
        {shown}
        {!expanded && short !== undefined && <span aria-hidden="true">…</span>}
      </pre>
      {short !== undefined && (
        <button type="button" className="button button--quiet" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
          {expanded
            ? t('chat/tool-calls:result.showLess')
            : t('chat/tool-calls:result.showAll', { chars: new Intl.NumberFormat(i18n.language).format(text.length) })}
        </button>
      )}
    </div>
  );
}
