/**
 * A conversation's title from its first exchange: one short completion to the conversation's own
 * provider and model, without tools, bounded in what it sends (excerpts), what it reads (the first
 * characters of the reply) and how long it may take. The reply is cleaned into one line of at most
 * six words; anything unusable is a failure, so the caller keeps its fallback title.
 */
import type { ResolvedProvider } from '../../shared/contracts/providers';
import { withoutHiddenCharacters } from '../../shared/contracts/names';
import type { CompletionClient } from '../completion/types';
import { type Clock, systemClock } from '../lib/clock';

/** Default for TitleGeneratorOptions.timeoutMs, in milliseconds. */
export const TITLE_TIMEOUT_MS = 20_000;
/** Characters of the user's message and of the answer the request quotes. */
export const TITLE_EXCERPT_CHARS = 2000;
/** Characters of the reply read before the stream is closed (a model that ignores the instruction). */
export const TITLE_REPLY_MAX_CHARS = 300;
/**
 * Characters read in all, reasoning included: a reasoning model (DeepSeek R1, Qwen3 over an
 * OpenAI-compatible server) thinks aloud in `<think>…</think>` before the title.
 */
export const TITLE_READ_MAX_CHARS = 8000;
/** Longest title kept, in characters (scripts without spaces have no words to count). */
export const TITLE_MAX_CHARS = 60;
export const TITLE_MAX_WORDS = 6;

/** The instruction; the scripted test provider recognises title requests by its first words. */
export const TITLE_SYSTEM_PROMPT =
  'You name chat conversations. Reply with a title of at most six words that says what the conversation is about, ' +
  "written in the language of the user's message. Reply with the title only: no quotes, no final punctuation, no explanation.";

export interface TitleRequest {
  provider: ResolvedProvider;
  model: string;
  userText: string;
  answerText: string;
  /** Aborts the call (the conversation was removed, the app quits). */
  signal?: AbortSignal;
}

/** What ChatService needs of title generation. */
export interface ChatTitles {
  /** The title, or a rejection saying why there is none (provider error, timeout, unusable reply). */
  generate(request: TitleRequest): Promise<string>;
}

export interface TitleGeneratorOptions {
  completion: CompletionClient;
  /** Longest a title call may take, in milliseconds. Default TITLE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Runs the time limit (tests move a manual one). Default systemClock. */
  clock?: Clock;
}

export class TitleGenerator implements ChatTitles {
  constructor(private readonly options: TitleGeneratorOptions) {}

  async generate(request: TitleRequest): Promise<string> {
    const timeoutMs = this.options.timeoutMs ?? TITLE_TIMEOUT_MS;
    const clock = this.options.clock ?? systemClock;
    const limit = new AbortController();
    const timer = clock.setTimeout(() => limit.abort(new DOMException(`no title within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    const timeout = limit.signal;
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    let reply = '';
    try {
      const stream = this.options.completion.stream({
        provider: request.provider,
        model: request.model,
        system: TITLE_SYSTEM_PROMPT,
        messages: [{ role: 'user', text: titlePrompt(request.userText, request.answerText) }],
        tools: [],
        signal,
      });
      for await (const event of stream) {
        if (event.type !== 'text') continue;
        reply += event.delta;
        // Closing the stream early aborts its request (runStream).
        if (withoutReasoning(reply).length >= TITLE_REPLY_MAX_CHARS || reply.length >= TITLE_READ_MAX_CHARS) break;
      }
    } catch (error) {
      if (timeout.aborted && !request.signal?.aborted) throw new Error(`no title within ${timeoutMs} ms`, { cause: error });
      throw error;
    } finally {
      clock.clearTimeout(timer);
    }
    const title = cleanTitle(reply);
    if (title === '') throw new Error(`the reply holds no usable title: ${JSON.stringify(reply.slice(0, 80))}`);
    return title;
  }
}

export function titlePrompt(userText: string, answerText: string): string {
  const answer = answerText.trim() === '' ? '' : `\n\nThe assistant's answer:\n${excerpt(answerText)}`;
  return `The user's message:\n${excerpt(userText)}${answer}`;
}

function excerpt(text: string): string {
  const chars = [...text.trim()];
  return chars.length <= TITLE_EXCERPT_CHARS ? chars.join('') : `${chars.slice(0, TITLE_EXCERPT_CHARS).join('')}…`;
}

const REASONING = /<(think|thinking|reasoning)>[\s\S]*?(?:<\/\1>|$)/gi;
const TAG = /<\/?[A-Za-z][^<>]*>/g;

/** The reply without the reasoning a model wrote before its answer (an unclosed block is all reasoning). */
export function withoutReasoning(reply: string): string {
  return reply.replace(REASONING, '');
}

const LABEL = /^(?:title|標題|标题|タイトル|題名)\s*[:：]\s*/i;
const WRAPPERS = /^[\s"'“”‘’「」『』《》«»*_#`]+|[\s"'“”‘’「」『』《》«»*_#`]+$/g;
const FINAL_PUNCTUATION = /[.。．,，、;；:：!！]+$/;

/**
 * The reply as a one-line title: no reasoning block or markup tags, first line, no label, quotes or
 * final punctuation, at most six words.
 */
export function cleanTitle(reply: string): string {
  const text = withoutReasoning(reply).replace(TAG, '');
  const line = withoutHiddenCharacters(text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '');
  let title = line.trim();
  // Until nothing changes: a label inside quotes, quotes before a final full stop (「…」。).
  for (let previous = ''; previous !== title; ) {
    previous = title;
    title = title.replace(WRAPPERS, '').replace(LABEL, '').replace(FINAL_PUNCTUATION, '').trim();
  }
  const words = title.split(/\s+/);
  if (words.length > TITLE_MAX_WORDS) title = words.slice(0, TITLE_MAX_WORDS).join(' ');
  const chars = [...title];
  if (chars.length > TITLE_MAX_CHARS) title = chars.slice(0, TITLE_MAX_CHARS).join('').trimEnd();
  return title.replace(FINAL_PUNCTUATION, '');
}
