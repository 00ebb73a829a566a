import { z } from 'zod';
import { publicProcedure, router } from './trpc';

/** The system's own dialogs, where the window has them (the Electron app; a browser has none). */
export const dialogsRouter = router({
  /** Whether this window can open the system's folder chooser (the Electron app can, a browser cannot). */
  folderPicker: publicProcedure.query(({ ctx }) => ({ available: ctx.services.pickFolder !== undefined })),
  /** Opens the system's folder chooser; `path` is null when cancelled or unavailable. */
  pickFolder: publicProcedure
    .input(z.strictObject({ title: z.string().max(200) }))
    .mutation(async ({ ctx, input }) => ({ path: (await ctx.services.pickFolder?.(input.title)) ?? null })),
});
