import { z } from 'zod';
import { ID_MAX_LENGTH } from '../../shared/contracts/limits';
import { idString } from '../../shared/contracts/mcp-types';
import { MANY_TOOLS_THRESHOLD_RANGE } from '../approvals/approvalPolicy';
import { changes } from './subscriptions';
import { publicProcedure, router } from './trpc';

const policyPatchSchema = z.strictObject({
  autoApproveReadOnly: z.boolean().optional(),
  manyToolsThreshold: z
    .number({ error: 'integer' })
    .int({ error: 'integer' })
    .min(MANY_TOOLS_THRESHOLD_RANGE.min, { error: 'invalid' })
    .max(MANY_TOOLS_THRESHOLD_RANGE.max, { error: 'invalid' })
    .optional(),
});

/** Settings → Approvals: the always-allowed tools (revocable) and the approval policy. */
export const approvalsRouter = router({
  permissions: publicProcedure.query(({ ctx }) => ctx.services.approvals.listPermissions()),
  revoke: publicProcedure
    .input(z.strictObject({ serverId: idString, toolName: z.string().min(1).max(ID_MAX_LENGTH) }))
    .mutation(({ ctx, input }) => ({ revoked: ctx.services.approvals.revoke(input.serverId, input.toolName) })),
  /** Yields the always-allowed tools now and after every grant or revocation. */
  onPermissionsChanged: publicProcedure.subscription(async function* ({ ctx, signal }) {
    const subscribe = (listener: () => void) =>
      ctx.services.approvals.onEvent((event) => {
        if (event.type === 'permissions_changed') listener();
      });
    for await (const _ of changes(subscribe, signal)) yield ctx.services.approvals.listPermissions();
  }),
  policy: publicProcedure.query(({ ctx }) => ctx.services.approvals.getPolicy()),
  setPolicy: publicProcedure.input(policyPatchSchema).mutation(({ ctx, input }) => ctx.services.approvals.setPolicy(input)),
});
