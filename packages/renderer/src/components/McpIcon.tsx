import { safeIconSrc } from '@elftia/desktop/shared/contracts/icons.ts';

/**
 * An icon a server gave a tool, resource, prompt or itself: drawn only when it is an https: URL or a
 * data: image (shared/contracts/icons.ts, checked again here), always as an <img> — an SVG's scripts
 * never run there — never inlined, and fetched without a referrer. Decorative: its item is named beside it.
 */
export function McpIcon({ src, size = 16 }: { src: string | undefined; size?: number }) {
  const safe = safeIconSrc(src);
  if (!safe) return null;
  return <img className="mcp-icon" src={safe} width={size} height={size} alt="" referrerPolicy="no-referrer" loading="lazy" decoding="async" draggable={false} />;
}
