import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

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
  returnFocus?: HTMLElement | null;
}

/**
 * A modal dialog: role="dialog" named by its title, focus moved in on open and back to the opener
 * on close, Tab kept inside, Escape closes. Written by hand rather than with <dialog>.showModal()
 * because happy-dom, which the unit tests run in, does not implement the top layer.
 */
export function Dialog({ title, onClose, children, className, describedBy, returnFocus }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus]') ?? ref.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => (returnFocusRef.current ?? opener)?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="dialog-backdrop">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        className={className ? `dialog ${className}` : 'dialog'}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
