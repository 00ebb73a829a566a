import { z } from 'zod';
import { idString } from '../../shared/contracts/mcp-types';
import { providerDraftModelsSchema, providerInputSchema } from '../../shared/contracts/providers';
import { publicProcedure, router } from './trpc';

const providerIdSchema = z.strictObject({ id: idString });

/** The form's payload plus the id; an omitted or empty apiKey keeps the stored key. */
export const providerUpdateSchema = providerInputSchema.safeExtend({ id: idString });

/**
 * Settings → Providers. Thin: validate, call ProviderService, return records, which never carry the
 * key (`hasApiKey` only). "Test connection" answers with a ProviderTestResult rather than throwing,
 * so a wrong key is a result to show, not an error.
 */
export const providersRouter = router({
  list: publicProcedure.query(({ ctx }) => ctx.services.providers.list()),
  get: publicProcedure.input(providerIdSchema).query(({ ctx, input }) => ctx.services.providers.get(input.id)),
  add: publicProcedure.input(providerInputSchema).mutation(({ ctx, input }) => ctx.services.providers.add(input)),
  update: publicProcedure.input(providerUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...fields } = input;
    return ctx.services.providers.update(id, fields);
  }),
  remove: publicProcedure.input(providerIdSchema).mutation(({ ctx, input }) => {
    ctx.services.providers.remove(input.id);
    return { id: input.id };
  }),
  test: publicProcedure.input(providerIdSchema).mutation(({ ctx, input }) => ctx.services.providers.test(input.id)),
  /** The models the provider lists, cached per provider; a failure is `{ ok: false, code }` like test's. */
  models: publicProcedure.input(providerIdSchema).query(({ ctx, input }) => ctx.services.providers.models(input.id)),
  /** Asks the provider again (the picker's refresh) and caches the answer. */
  refreshModels: publicProcedure.input(providerIdSchema).mutation(({ ctx, input }) => ctx.services.providers.models(input.id, { refresh: true })),
  /** The provider form's "Fetch models", with the values as typed; never cached. */
  draftModels: publicProcedure.input(providerDraftModelsSchema).mutation(({ ctx, input }) => ctx.services.providers.draftModels(input)),
});
