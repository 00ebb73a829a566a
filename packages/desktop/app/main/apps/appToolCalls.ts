/**
 * An MCP App's `tools/call` (apps.callTool; its result, AppToolCallResult, is in
 * shared/contracts/apps.ts so the renderer can name it), and the port the composition root fills
 * with the engine's call path (engine/appToolCall.ts): apps/ knows neither the engine nor the
 * approval service.
 */
import type { z } from 'zod';
import type { AppToolCallResult, appsCallToolSchema } from '../../shared/contracts/apps';

export type { AppToolCallResult } from '../../shared/contracts/apps';

/** apps.callTool's input, checked (arguments defaulted). */
export type AppToolCall = z.output<typeof appsCallToolSchema>;

export type AppToolCaller = (call: AppToolCall, signal: AbortSignal) => Promise<AppToolCallResult>;
