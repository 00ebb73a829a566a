/**
 * The cards of tool calls the model is still writing. A tool with an MCP App gets its card (status
 * 'streaming') as soon as its name is known, so the app can load and receive the arguments as they
 * grow (ui/notifications/tool-input-partial) instead of appearing only once they are complete.
 * Tools without an app keep appearing when the call is complete, as before. A card whose call never
 * completes (the step failed or was stopped, or the provider renamed a duplicate id) is cancelled.
 */
import type { ToolCallView } from '../../shared/contracts/chat';
import { appRefOf } from '../apps/toolApp';
import { mapArgumentsBack, resolveProviderToolName } from '../tools/ToolsLoader';
import { parsePartialJson } from './partialJson';
import type { PartialToolCall } from './streamStep';
import { McpToolAdapter } from './tools/McpToolAdapter';
import type { TurnTools } from './turnTools';

export class StreamingCallViews {
  private readonly shown = new Map<string, ToolCallView>();

  constructor(
    private readonly tools: TurnTools,
    private readonly now: () => number,
    private readonly onView: (view: ToolCallView) => void,
  ) {}

  partial(call: PartialToolCall): void {
    const base = this.shown.get(call.id) ?? this.viewFor(call);
    if (!base) return;
    const args = parsePartialJson(call.argumentsText) ?? {};
    const entry = resolveProviderToolName(this.tools.nameMap, call.name);
    const view: ToolCallView = { ...base, arguments: entry ? mapArgumentsBack(entry, args) : args };
    const previous = this.shown.get(call.id);
    this.shown.set(call.id, view);
    if (previous && JSON.stringify(previous.arguments) === JSON.stringify(view.arguments)) return;
    this.onView(view);
  }

  /** After the step: cancels the streaming cards no complete call (by id) takes over. */
  settle(completedIds: readonly string[]): void {
    const completed = new Set(completedIds);
    for (const [id, view] of this.shown) {
      if (!completed.has(id)) this.onView({ ...view, status: 'cancelled', endedAtMs: this.now() });
    }
    this.shown.clear();
  }

  private viewFor(call: PartialToolCall): ToolCallView | undefined {
    const entry = resolveProviderToolName(this.tools.nameMap, call.name);
    const tool = entry && this.tools.registry.get(entry.id);
    if (!(tool instanceof McpToolAdapter)) return undefined;
    const app = appRefOf(tool.mcpTool);
    if (!app) return undefined;
    const { serverId, serverName, name, annotations } = tool.mcpTool;
    return { id: call.id, providerToolName: call.name, serverId, serverName, toolName: name, arguments: {}, status: 'streaming', ...(annotations ? { annotations } : {}), app };
  }
}
