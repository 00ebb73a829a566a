import { z } from 'zod';
import { attachmentQuerySchema } from '../../shared/contracts/attachments';
import { idString } from '../../shared/contracts/mcp-types';
import {
  approvalAnswerSchema,
  chatEditSchema,
  chatRegenerateSchema,
  chatSendSchema,
  conversationCreateRequestSchema,
  conversationUpdateSchema,
  toolResultQuerySchema,
} from '../../shared/contracts/chat';
import { conversationEvents } from '../chat/conversationEvents';
import { changes } from './subscriptions';
import { publicProcedure, router } from './trpc';

const conversationIdSchema = z.strictObject({ conversationId: idString });
const idSchema = z.strictObject({ id: idString });

/**
 * Conversations and turns. Thin: validate, call ChatService. chat.send returns the committed user
 * message at once; the reply arrives through chat.onConversation.
 */
export const chatRouter = router({
  conversations: router({
    list: publicProcedure.query(({ ctx }) => ctx.services.chat.list()),
    create: publicProcedure.input(conversationCreateRequestSchema).mutation(({ ctx, input }) => {
      const { reuseEmpty, ...fields } = input;
      return ctx.services.chat.create(fields, { reuseEmpty });
    }),
    update: publicProcedure.input(conversationUpdateSchema).mutation(({ ctx, input }) => {
      const { id, ...fields } = input;
      return ctx.services.chat.update(id, fields);
    }),
    remove: publicProcedure.input(idSchema).mutation(({ ctx, input }) => {
      ctx.services.chat.remove(input.id);
      return { id: input.id };
    }),
    /** Yields the list now and whenever a conversation is added, removed, renamed or gets a message. */
    onChanged: publicProcedure.subscription(async function* ({ ctx, signal }) {
      for await (const _ of changes((listener) => ctx.services.chat.onConversationsChange(listener), signal)) yield ctx.services.chat.list();
    }),
  }),
  messages: publicProcedure.input(conversationIdSchema).query(({ ctx, input }) => ctx.services.chat.messages(input.conversationId)),
  /** The whole result of a tool call whose message carries a bounded copy (`result.shortened`). */
  toolResult: publicProcedure
    .input(toolResultQuerySchema)
    .query(({ ctx, input }) => ctx.services.chat.toolResult(input.conversationId, input.messageId, input.callId)),
  /** Replaces a user message and everything after it, then answers it; returns the new message. */
  edit: publicProcedure.input(chatEditSchema).mutation(({ ctx, input }) => ctx.services.chat.edit(input.conversationId, input.messageId, input.text)),
  /** Runs the last turn again (Regenerate, Retry); the new answer arrives through chat.onConversation. */
  regenerate: publicProcedure.input(chatRegenerateSchema).mutation(({ ctx, input }) => {
    ctx.services.chat.regenerate(input.conversationId, input.messageId);
    return { conversationId: input.conversationId };
  }),
  send: publicProcedure.input(chatSendSchema).mutation(({ ctx, input }) => ctx.services.chat.send(input.conversationId, input.text, input.attachments)),
  /** One image a message was sent with, as base64 (the message's thumbnail). */
  attachment: publicProcedure.input(attachmentQuerySchema).query(({ ctx, input }) => ctx.services.chat.attachment(input.conversationId, input.attachmentId)),
  stop: publicProcedure.input(conversationIdSchema).mutation(({ ctx, input }) => ({ stopped: ctx.services.chat.stop(input.conversationId) })),
  approve: publicProcedure.input(approvalAnswerSchema).mutation(({ ctx, input }) => {
    ctx.services.chat.approve(input.callId, input.decision, input.confirmedDestructive);
    return { callId: input.callId };
  }),
  pendingApprovals: publicProcedure.input(conversationIdSchema).query(({ ctx, input }) => ctx.services.chat.pendingApprovals(input.conversationId)),
  /** A 'turn' event, the approvals waiting now, then live events; load chat.messages for the history. */
  onConversation: publicProcedure.input(conversationIdSchema).subscription(({ ctx, input, signal }) => conversationEvents(ctx.services.chat, input.conversationId, signal)),
});
