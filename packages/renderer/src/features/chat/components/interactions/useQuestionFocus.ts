import { useEffect, useRef } from 'react';

/**
 * Draws a keyboard user to a new question when nothing else holds focus, or when focus rests on a
 * tool-call card: the question (not a button) takes it, so a stray Enter answers nothing.
 */
export function useQuestionFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body || active.classList.contains('tool-call')) ref.current?.focus();
  }, []);
  return ref;
}
