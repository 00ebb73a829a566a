import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useRef, useState } from 'react';

/** Where focus goes on close: an element, or a function asked at that moment (the opener may be gone). */
export type FocusTarget = HTMLElement | null | undefined | (() => HTMLElement | null | undefined);

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for sizing, e.g. `dialog--wide`. */
  className?: string;
  /** id of an element describing the dialog (a confirmation's question). */
  describedBy?: string;
  /**
   * Where focus goes when the dialog closes. Default: the element that had focus when it opened —
   * which is <body> when the opener was disabled meanwhile (a button busy while a check runs).
   */
  returnFocus?: FocusTarget;
  /** Whether a click outside closes it (an enlarged image). Default false: a form keeps what was typed. */
  dismissOnOutsideClick?: boolean;
}

/**
 * A modal dialog on Radix UI's Dialog: named by its title, focus moved in on open (to the element
 * marked `data-autofocus`, else the first control) and back on close, Tab kept inside, the rest of
 * the page hidden from screen readers, Escape closes. Mounted while open: the caller renders it
 * conditionally. Radix's Overlay is not used: its scroll lock injects a <style> element, which the
 * page's Content-Security-Policy (index.html, style-src 'self') refuses — and the window does not
 * scroll anyway.
 */
export function Dialog({ title, onClose, children, className, describedBy, returnFocus, dismissOnOutsideClick = false }: DialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  // Read on the first render, before the dialog takes focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <div className="dialog-backdrop">
          <RadixDialog.Content
            ref={contentRef}
            className={className ? `dialog ${className}` : 'dialog'}
            aria-describedby={describedBy}
            onOpenAutoFocus={(event) => {
              const marked = contentRef.current?.querySelector<HTMLElement>('[data-autofocus]');
              if (!marked) return;
              event.preventDefault();
              marked.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const wanted = returnFocusRef.current;
              const target = (typeof wanted === 'function' ? wanted() : wanted) ?? opener;
              if (target?.isConnected) target.focus();
            }}
            onPointerDownOutside={(event) => {
              if (!dismissOnOutsideClick) event.preventDefault();
            }}
          >
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            {children}
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
