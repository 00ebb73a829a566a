/**
 * A data: URL for media a tool returned, or undefined when the mime type is not of the expected kind.
 * The mime type comes from an MCP server, so it is checked before it goes into a URL: a value like
 * "image/png;base64,AAAA" or "text/html" must not decide what the browser does with the bytes.
 */
const MIME = /^(image|audio)\/[a-z0-9][a-z0-9.+-]*$/i;

export function mediaSource(kind: 'image' | 'audio', mimeType: string | undefined, base64: string): string | undefined {
  const match = mimeType ? MIME.exec(mimeType.trim()) : null;
  if (!match || match[1]!.toLowerCase() !== kind) return undefined;
  return `data:${mimeType!.trim().toLowerCase()};base64,${base64}`;
}

/** Decoded size in bytes of a base64 string (padding excluded), for "binary content, N bytes". */
export function base64Bytes(base64: string): number {
  const length = base64.replace(/[\s=]/g, '').length;
  return Math.floor((length * 3) / 4);
}
