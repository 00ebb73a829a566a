/**
 * Keyboard shortcuts: one table, matched here and labelled for the platform (⌘ on macOS, Ctrl
 * elsewhere). Either modifier is accepted everywhere, so a Mac keyboard on Linux still works.
 */
export interface Shortcut {
  /** KeyboardEvent.code of the key, so a non-Latin layout (Russian, Greek) still matches. */
  code: string;
  /** The key as printed on the label. */
  label: string;
  shift?: boolean;
}

export const SHORTCUTS = {
  newConversation: { code: 'KeyO', label: 'O', shift: true },
  search: { code: 'KeyK', label: 'K' },
} satisfies Record<string, Shortcut>;

export function isMacPlatform(): boolean {
  const platform = globalThis.navigator?.platform ?? '';
  return /^(Mac|iPhone|iPad)/.test(platform);
}

export function matchesShortcut(event: KeyboardEvent, shortcut: Shortcut): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
  if (event.shiftKey !== (shortcut.shift ?? false)) return false;
  return event.code === shortcut.code || event.key.toUpperCase() === shortcut.label;
}

/** "Ctrl+Shift+O", or "⇧⌘O" on macOS. */
export function shortcutLabel(shortcut: Shortcut, mac = isMacPlatform()): string {
  if (mac) return `${shortcut.shift ? '⇧' : ''}⌘${shortcut.label}`;
  return ['Ctrl', ...(shortcut.shift ? ['Shift'] : []), shortcut.label].join('+');
}
