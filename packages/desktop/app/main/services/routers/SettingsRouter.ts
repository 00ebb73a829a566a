import { z } from 'zod';
import { languagePreferenceSchema, packageMirrorsSchema } from '../../../shared/contracts/settings';
import { changes } from './subscriptions';
import { publicProcedure, router } from './trpc';

export const settingsRouter = router({
  get: publicProcedure.query(({ ctx }) => ctx.services.settings.get()),
  setLanguage: publicProcedure
    .input(z.strictObject({ language: languagePreferenceSchema }))
    .mutation(({ ctx, input }) => ctx.services.settings.setLanguage(input.language)),
  /** The npm registry and Python index stdio servers download from ('' = the default). */
  packageMirrors: publicProcedure.query(({ ctx }) => ctx.services.settings.getPackageMirrors()),
  setPackageMirrors: publicProcedure.input(packageMirrorsSchema).mutation(({ ctx, input }) => ctx.services.settings.setPackageMirrors(input)),
  onChanged: publicProcedure.subscription(async function* ({ ctx, signal }) {
    for await (const _ of changes((listener) => ctx.services.settings.onChange(listener), signal)) {
      yield ctx.services.settings.get();
    }
  }),
});
