/**
 * Icons that servers, tools, resources and prompts carry (MCP 2025-11-25 `icons`): which of them the
 * app may show. Only an `https:` URL or a `data:` URL of an image type passes; everything else
 * (javascript:, http:, file:, data:text/html, a custom scheme) is ignored. SVG passes only because
 * the renderer shows icons as `<img>` (scripts in an SVG never run there) and never inlines them.
 * Main and the renderer both use this, so what main hands out and what the renderer draws agree.
 *
 * Runtime-neutral: no imports.
 */

/** The image types an icon may have; anything else is not an icon we draw. */
export const ICON_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/avif'] as const;

/** Longest icon source kept: a data: URL larger than this (a 2 MB "icon") is ignored. */
export const ICON_SRC_MAX_LENGTH = 64 * 1024;

/** How many listed icons are looked at before giving up. */
const ICONS_LOOKED_AT = 16;

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)(;[a-z0-9-]+=[a-z0-9.-]+)*;base64,[A-Za-z0-9+/]+={0,2}$/i;

/** `src` when it is an icon the app may show, else undefined. */
export function safeIconSrc(src: unknown, mimeType?: unknown): string | undefined {
  if (typeof src !== 'string' || src.length === 0 || src.length > ICON_SRC_MAX_LENGTH) return undefined;
  // A declared type must be an image type too: `mimeType: text/html` over an https URL is refused.
  if (mimeType !== undefined && !(typeof mimeType === 'string' && isIconMime(mimeType))) return undefined;
  const data = DATA_URL.exec(src);
  if (data) return isIconMime(data[1] ?? '') ? src : undefined;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return undefined;
  }
  // No credentials in an icon URL: an <img> would send them to the host.
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined;
  return url.href;
}

/** The first icon of a list (MCP `Icon[]`) the app may show; undefined for none or anything that is not a list. */
export function pickIcon(icons: unknown): string | undefined {
  if (!Array.isArray(icons)) return undefined;
  for (const icon of icons.slice(0, ICONS_LOOKED_AT)) {
    if (typeof icon !== 'object' || icon === null) continue;
    const { src, mimeType } = icon as { src?: unknown; mimeType?: unknown };
    const safe = safeIconSrc(src, mimeType);
    if (safe) return safe;
  }
  return undefined;
}

function isIconMime(type: string): boolean {
  return (ICON_MIME_TYPES as readonly string[]).includes(type.toLowerCase());
}
