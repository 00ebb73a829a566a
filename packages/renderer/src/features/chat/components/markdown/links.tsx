import type { ComponentProps } from 'react';
import type { ExtraProps } from 'react-markdown';

/** Schemes a link may leave the app with: web pages and e-mail (the Electron shell allows the same). */
const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The URL a link may open, or undefined: `javascript:`, `data:`, `file:` and relative links open nothing. */
export function externalHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href);
    return EXTERNAL_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A link in an answer opens in a new browser tab, or, in the desktop app, in the system browser (the
 * shell turns every new window into shell.openExternal). A link to anything else is shown as its
 * text and cannot be clicked.
 */
export function MarkdownLink({ href, children, title }: ComponentProps<'a'> & ExtraProps) {
  const target = externalHref(href);
  if (!target) return <span className="markdown__inert-link">{children}</span>;
  return (
    <a className="markdown__link" href={target} title={title} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * An image in an answer is not fetched (a model-written URL would tell a third party the answer was
 * read, and the page's CSP allows no remote images): it is a link to the image, named by its alt text.
 */
export function MarkdownImage({ src, alt }: ComponentProps<'img'> & ExtraProps) {
  const target = typeof src === 'string' ? externalHref(src) : undefined;
  const label = alt || (typeof src === 'string' ? src : '');
  if (!target) return <span className="markdown__inert-link">{label}</span>;
  return (
    <a className="markdown__link" href={target} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}
