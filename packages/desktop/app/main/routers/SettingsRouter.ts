import { z } from 'zod';
import { filesFolderSchema, languagePreferenceSchema, packageMirrorsSchema, registryUrlSchema, systemPromptSchema, themePreferenceSchema } from '../../shared/contracts/settings';
import { changes } from './subscriptions';
import { publicProcedure, router } from './trpc';

export const settingsRouter = router({
  get: publicProcedure.query(({ ctx }) => ctx.services.settings.get()),
  setLanguage: publicProcedure
    .input(z.strictObject({ language: languagePreferenceSchema }))
    .mutation(({ ctx, input }) => ctx.services.settings.setLanguage(input.language)),
  /** Light, dark, or 'system' (follow the operating system); the renderer applies it at once. */
  setTheme: publicProcedure
    .input(z.strictObject({ theme: themePreferenceSchema }))
    .mutation(({ ctx, input }) => ctx.services.settings.setTheme(input.theme)),
  /** The npm registry and Python index stdio servers download from ('' = the default). */
  packageMirrors: publicProcedure.query(({ ctx }) => ctx.services.settings.getPackageMirrors()),
  setPackageMirrors: publicProcedure.input(packageMirrorsSchema).mutation(({ ctx, input }) => ctx.services.settings.setPackageMirrors(input)),
  /** The folder the built-in `files` server may read in chats ('' = none: the server is not offered). */
  filesFolder: publicProcedure.query(({ ctx }) => ({ folder: ctx.services.settings.getFilesFolder() })),
  setFilesFolder: publicProcedure.input(filesFolderSchema).mutation(({ ctx, input }) => ({ folder: ctx.services.settings.setFilesFolder(input) })),
  /** The system prompt new conversations start with ('' = none); a conversation keeps its own copy. */
  systemPrompt: publicProcedure.query(({ ctx }) => ({ systemPrompt: ctx.services.settings.getSystemPrompt() })),
  setSystemPrompt: publicProcedure.input(systemPromptSchema).mutation(({ ctx, input }) => ({ systemPrompt: ctx.services.settings.setSystemPrompt(input) })),
  /** The MCP Registry the browser searches (the official one unless set). */
  registryUrl: publicProcedure.query(({ ctx }) => ({ url: ctx.services.settings.getRegistryUrl() })),
  /** Sets it; '' goes back to the official registry. */
  setRegistryUrl: publicProcedure.input(registryUrlSchema).mutation(({ ctx, input }) => ({ url: ctx.services.settings.setRegistryUrl(input) })),
  onChanged: publicProcedure.subscription(async function* ({ ctx, signal }) {
    for await (const _ of changes((listener) => ctx.services.settings.onChange(listener), signal)) {
      yield ctx.services.settings.get();
    }
  }),
});
