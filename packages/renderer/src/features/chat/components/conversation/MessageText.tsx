import { Markdown } from '../markdown/Markdown';

export interface MessageTextProps {
  text: string;
  /** The user's own words are shown as typed; the model's are Markdown. */
  markdown: boolean;
  streaming?: boolean;
}

/**
 * A message's text. The user's message is plain text keeping its line breaks, as typed: `*args`,
 * `__init__` or `2*3*4` would otherwise be read as emphasis, and what a user wrote should read back
 * unchanged. The assistant's answer is rendered Markdown.
 */
export function MessageText({ text, markdown, streaming = false }: MessageTextProps) {
  if (!markdown) return <p className="message__text">{text}</p>;
  return <Markdown text={text} streaming={streaming} />;
}
