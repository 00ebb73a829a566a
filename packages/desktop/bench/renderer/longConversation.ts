/**
 * The conversation the renderer bench opens and the answer it streams: 500 messages of which 200
 * carry a tool-call card, written as ChatService stores them, and a 2,000-token Markdown answer.
 * Deterministic, so two runs (and two commits) render the same thing.
 */
import type { ChatMessage, ToolCallView } from '../../app/shared/contracts/chat';

export const MESSAGE_COUNT = 500;
export const TOOL_CARD_COUNT = 200;
export const ANSWER_TOKENS = 2_000;

/**
 * 150 turns: 100 with two tool-call steps (question, step with a call, step with a call, the
 * answer: 4 messages, 2 cards) and 50 plain ones (question, answer) — 500 messages, 200 cards.
 */
const TURNS = 150;
const isToolTurn = (turn: number) => turn % 3 !== 2;

function answerText(turn: number): string {
  const parts = [
    `Here is what I found for question ${turn + 1}. The **short version**: it depends on the \`config\` you run with, and the defaults are usually right.`,
    ['- First, check the settings file and the environment.', '- Then restart the server so it reads them again.', `- Finally, compare with run ${turn}.`].join('\n'),
  ];
  if (turn % 3 === 0) parts.push(['```ts', `export function step${turn}(input: string): number {`, '  return input.trim().length * 2;', '}', '```'].join('\n'));
  if (turn % 5 === 0) parts.push(['| Option | Default | Effect |', '|---|---|---|', '| retries | 3 | How often a call is tried |', '| timeout | 60 s | When a call gives up |'].join('\n'));
  parts.push('Let me know if you want the longer explanation, with the trade-offs of each choice and a worked example.');
  return parts.join('\n\n');
}

function toolCall(turn: number, index: number, atMs: number): ToolCallView {
  const text = JSON.stringify({ turn, index, matches: [`docs/guide-${turn}.md`, `src/module-${index}.ts`], summary: 'Two files mention the option; the guide explains its default.' });
  return {
    id: `call-${turn}-${index}`,
    providerToolName: index === 0 ? 'docs__search' : 'docs__read_file',
    serverId: 'bench-docs',
    serverName: 'docs',
    toolName: index === 0 ? 'search' : 'read_file',
    arguments: { query: `option ${turn}`, limit: 10 },
    status: 'done',
    result: { text, content: [{ type: 'text', text }], isError: false },
    startedAtMs: atMs,
    endedAtMs: atMs + 120,
  };
}

/** Text of the seeded conversation's last message (the answer to the last question). */
export const LAST_SEEDED_TEXT = `Here is what I found for question ${TURNS}.`;

/** The seeded conversation's messages, oldest first, timestamps ending at `endMs`. */
export function longConversationMessages(conversationId: string, endMs: number): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const add = (message: Omit<ChatMessage, 'conversationId' | 'createdAt'>) => {
    messages.push({ ...message, conversationId, createdAt: new Date(endMs - (MESSAGE_COUNT - messages.length) * 1_000).toISOString() });
  };
  for (let turn = 0; turn < TURNS; turn++) {
    const at = endMs - (TURNS - turn) * 10_000;
    add({ id: `m${turn}-q`, role: 'user', text: `Question ${turn + 1}: how do I set the option for case ${turn}?`, toolCalls: [], status: 'done' });
    if (isToolTurn(turn)) {
      add({ id: `m${turn}-s1`, role: 'assistant', text: 'Let me search the docs first.', toolCalls: [toolCall(turn, 0, at)], status: 'done' });
      add({ id: `m${turn}-s2`, role: 'assistant', text: '', toolCalls: [toolCall(turn, 1, at + 200)], status: 'done' });
    }
    add({ id: `m${turn}-a`, role: 'assistant', text: answerText(turn), toolCalls: [], status: 'done', usage: { inputTokens: 1_200, outputTokens: 180 } });
  }
  return messages;
}

/**
 * The streamed answer as `ANSWER_TOKENS` chunks of about a word each (paragraphs, a list, a code
 * block, a table — what grows the tail block while it streams); the last chunk ends with `END_MARK`.
 */
export const END_MARK = 'End of the long answer.';

export function answerTokens(): string[] {
  const sections = [
    'The long answer starts with a paragraph that explains the **background** of the question and why the defaults were chosen the way they were.',
    '- one point about `retries` and how they back off\n- another about timeouts and what they protect\n- a third about logging',
    '```python\ndef backoff(attempt):\n    return min(30, 2 ** attempt)\n```',
    '| Case | Result |\n|---|---|\n| small | fast |\n| large | slower but bounded |',
  ];
  const words: string[] = [];
  for (let section = 0; words.length < ANSWER_TOKENS; section++) {
    const text = `${sections[section % sections.length]}\n\n`;
    for (const word of text.match(/\S+\s*/g) ?? []) words.push(word);
  }
  const tokens = words.slice(0, ANSWER_TOKENS - 1);
  tokens.push(`\n\n${END_MARK}`);
  return tokens;
}
