/**
 * Splits a reply into prose and ``` fenced code blocks — the one piece of markdown worth rendering
 * without a markdown library, because code loses its meaning when wrapped. A fence still open (the
 * reply is streaming) runs to the end of the text.
 */
export interface TextPart {
  kind: 'text' | 'code';
  text: string;
  /** The fence's info string (a language name), when given. */
  lang?: string;
}

const FENCE = /^```([^\n`]*)$/;

export function splitCodeBlocks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let buffer: string[] = [];
  let code: { lang: string; lines: string[] } | undefined;
  const flushText = () => {
    const joined = buffer.join('\n');
    if (joined.trim() !== '') parts.push({ kind: 'text', text: joined.replace(/^\n+|\n+$/g, '') });
    buffer = [];
  };
  for (const line of text.split('\n')) {
    const fence = FENCE.exec(line.trim());
    if (code) {
      if (fence && fence[1] === '') {
        parts.push(code.lang ? { kind: 'code', text: code.lines.join('\n'), lang: code.lang } : { kind: 'code', text: code.lines.join('\n') });
        code = undefined;
      } else {
        code.lines.push(line);
      }
    } else if (fence) {
      flushText();
      code = { lang: fence[1]!.trim(), lines: [] };
    } else {
      buffer.push(line);
    }
  }
  if (code) parts.push(code.lang ? { kind: 'code', text: code.lines.join('\n'), lang: code.lang } : { kind: 'code', text: code.lines.join('\n') });
  flushText();
  return parts;
}
