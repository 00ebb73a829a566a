import { splitCodeBlocks } from '../../model/messageText';

/** A message's text: prose keeps its line breaks (pre-wrap), fenced code keeps its layout. */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {splitCodeBlocks(text).map((part, index) =>
        // Parts are derived from the text and only ever grow at the end while streaming.
        part.kind === 'code' ? (
          <pre key={index} className="message__code" data-lang={part.lang}>
            <code>{part.text}</code>
          </pre>
        ) : (
          <p key={index} className="message__text">
            {part.text}
          </p>
        ),
      )}
    </>
  );
}
