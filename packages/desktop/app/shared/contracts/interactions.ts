/**
 * What a server asks of the user in the middle of its work: a form (elicitation), a web page to
 * open (URL-mode elicitation), or a model completion (sampling). Main keeps the pending ones
 * (main/interactions/InteractionBroker.ts); the renderer shows each inline in the tool-call card of
 * `callId` (or as a banner when no tool call caused it) and answers through `interactions.answer`.
 *
 * - `interactions.pending` → PendingInteraction[] (oldest first); `interactions.onChanged` yields them
 *   now and after every change. `interactions.answer({ id, answer })` → void; NOT_FOUND when nothing
 *   waits under `id` (answered elsewhere, or cancelled), VALIDATION with field errors (by field name)
 *   when an accepted form's values do not fit its fields.
 *
 * Runtime-neutral: imports only zod and contracts.
 */
import { z } from 'zod';
import { ELICIT_MAX_FIELDS, type ElicitField } from './elicitation';
import { boundedRecord } from './limits';

export interface InteractionBase {
  id: string;
  serverId: string;
  serverName: string;
  /** The tool call that caused it, when known. */
  callId?: string;
  /** The conversation of that tool call, when it is a chat's. */
  conversationId?: string;
}

export interface SamplingMessageView {
  role: 'user' | 'assistant';
  /** The text parts, joined; images and audio are named by `media`. */
  text: string;
  media: Array<'image' | 'audio'>;
}

export type PendingInteraction =
  | (InteractionBase & { kind: 'form'; message: string; fields: ElicitField[] })
  | (InteractionBase & {
      kind: 'url';
      message: string;
      url: string;
      /** The URL's host, shown prominently: what the user is asked to trust. */
      host: string;
    })
  | (InteractionBase & {
      kind: 'sampling';
      messages: SamplingMessageView[];
      systemPrompt?: string;
      maxTokens: number;
      /** The last user message's text, which the user may edit before approving. */
      editableText: string;
    });

export type InteractionKind = PendingInteraction['kind'];

const formValue = z.union([z.string().max(100_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(1000)]);

export const interactionAnswerSchema = z.discriminatedUnion('action', [
  /** A form's values (form mode), or consent to open the page (URL mode). */
  z.strictObject({ action: z.literal('accept'), content: boundedRecord(z.string().max(200), formValue, ELICIT_MAX_FIELDS).optional() }),
  z.strictObject({ action: z.literal('decline') }),
  z.strictObject({ action: z.literal('cancel') }),
  /** Sampling: run the completion, with the last user text replaced when `text` is given. */
  z.strictObject({ action: z.literal('approve'), text: z.string().max(200_000).optional() }),
  z.strictObject({ action: z.literal('reject') }),
]);

export type InteractionAnswer = z.infer<typeof interactionAnswerSchema>;

/** How a pending interaction ended, for the event that removes it. */
export type InteractionOutcome = 'accept' | 'decline' | 'cancel' | 'approve' | 'reject' | 'cancelled';

/** A sampling request's completion, sent back to its server: recorded in the tool-call card of `callId`. */
export interface SampledResult {
  id: string;
  serverName: string;
  callId?: string;
  conversationId?: string;
  model: string;
  text: string;
}

/** What `interactions.state` returns and `interactions.onChanged` yields. */
export interface InteractionsState {
  pending: PendingInteraction[];
  /** The newest sampled results (a bounded list), oldest first. */
  sampled: SampledResult[];
}

/** `interactions.answer`'s result: for URL mode accepted, whether main opened the page (false: the UI opens it). */
export interface InteractionAnswerResult {
  opened?: boolean;
}
