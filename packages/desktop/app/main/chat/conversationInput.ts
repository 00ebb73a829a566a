/**
 * Conversation records from the router's (already validated) input: defaults on create, a patch on
 * update, and the default title taken from the first message.
 */
import type { ConversationRecord } from '../../shared/contracts/chat';
import { withoutHiddenCharacters } from '../../shared/contracts/names';

export interface ConversationInput {
  title?: string;
  providerId?: string;
  model?: string;
  toolMode?: ConversationRecord['toolMode'];
  selectedServerIds?: string[];
  /** '' clears it. */
  systemPrompt?: string;
}

/** Longest default title, in characters; the list shows one line. */
export const DEFAULT_TITLE_MAX_CHARS = 60;

/** A new conversation: every server ('auto') unless the input says otherwise; untitled until the first message. */
export function newConversation(id: string, input: ConversationInput, now: string): ConversationRecord {
  return applyInput({ id, title: '', toolMode: 'auto', selectedServerIds: [], createdAt: now, updatedAt: now }, input, now);
}

/** Fields present in `input` replace the record's; absent ones are kept. */
export function applyInput(record: ConversationRecord, input: ConversationInput, now: string): ConversationRecord {
  const next: ConversationRecord = { ...record, updatedAt: now };
  if (input.title !== undefined) next.title = input.title;
  if (input.providerId !== undefined) next.providerId = input.providerId;
  if (input.model !== undefined) next.model = input.model;
  if (input.toolMode !== undefined) next.toolMode = input.toolMode;
  if (input.selectedServerIds !== undefined) next.selectedServerIds = [...new Set(input.selectedServerIds)];
  if (input.systemPrompt === '') delete next.systemPrompt;
  else if (input.systemPrompt !== undefined) next.systemPrompt = input.systemPrompt;
  return next;
}

/** The provider and model from `input` that `record` lacks: a reused empty conversation gets them. */
export function missingChoice(record: ConversationRecord, input: ConversationInput): ConversationInput {
  if (record.providerId === undefined) return { providerId: input.providerId, model: input.model };
  if (record.model === undefined && record.providerId === input.providerId) return { model: input.model };
  return {};
}

/** The first non-empty line of the user's first message, cut at a word boundary when long. */
export function titleFrom(text: string): string {
  const line = text.split(/\r?\n/).map((l) => withoutHiddenCharacters(l).trim()).find((l) => l !== '') ?? '';
  const chars = [...line];
  if (chars.length <= DEFAULT_TITLE_MAX_CHARS) return line;
  const cut = chars.slice(0, DEFAULT_TITLE_MAX_CHARS).join('');
  const space = cut.lastIndexOf(' ');
  // Scripts without spaces (Chinese, Japanese) are cut at the limit instead.
  return `${(space > DEFAULT_TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * What a reused empty conversation is given: the provider and model it lacks (missingChoice), every
 * other field the caller chose (the welcome box's tools and prompt, a title), and, when neither it
 * nor the caller has a prompt, Settings → General's default as a new conversation would get it (the
 * default may have been set after the empty one was made).
 */
export function reusedInput(record: ConversationRecord, input: ConversationInput, defaultSystemPrompt = ''): ConversationInput {
  const { providerId: _providerId, model: _model, ...chosen } = input;
  const reused: ConversationInput = { ...chosen, ...missingChoice(record, input) };
  if (reused.systemPrompt === undefined && record.systemPrompt === undefined && defaultSystemPrompt !== '') reused.systemPrompt = defaultSystemPrompt;
  return reused;
}
