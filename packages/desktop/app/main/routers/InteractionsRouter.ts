import { z } from 'zod';
import { interactionAnswerSchema } from '../../shared/contracts/interactions';
import { changes } from './subscriptions';
import { publicProcedure, router } from './trpc';

/** What servers ask of the user mid-call (shared/contracts/interactions.ts): listed, followed, answered. */
export const interactionsRouter = router({
  state: publicProcedure.query(({ ctx }) => ctx.services.interactions.state()),
  answer: publicProcedure
    .input(z.strictObject({ id: z.string().min(1).max(200), answer: interactionAnswerSchema }))
    .mutation(({ ctx, input }) => ctx.services.interactions.answer(input.id, input.answer)),
  /** Yields the pending interactions and sampled results now and after every change. */
  onChanged: publicProcedure.subscription(async function* ({ ctx, signal }) {
    for await (const _ of changes((listener) => ctx.services.interactions.onEvent(() => listener()), signal)) yield ctx.services.interactions.state();
  }),
});
