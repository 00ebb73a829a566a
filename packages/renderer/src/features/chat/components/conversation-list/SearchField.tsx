import { Search } from 'lucide-react';
import type { KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS, shortcutLabel } from '../../../../lib/shortcuts';

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** Filters the conversations by title; Ctrl/⌘+K comes here, Escape clears it. */
export function SearchField({ value, onChange, ref }: SearchFieldProps) {
  const { t } = useTranslation();
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape' || value === '') return;
    event.preventDefault();
    onChange('');
  }
  return (
    <div className="search-field">
      <Search size={16} aria-hidden className="search-field__icon" />
      <input
        ref={ref}
        type="search"
        className="search-field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('chat/conversations:list.searchPlaceholder')}
        aria-label={t('chat/conversations:list.search')}
        aria-keyshortcuts="Control+K Meta+K"
        autoComplete="off"
        spellCheck={false}
      />
      {value === '' && (
        <kbd className="search-field__kbd" aria-hidden>
          {shortcutLabel(SHORTCUTS.search)}
        </kbd>
      )}
    </div>
  );
}
