/**
 * Provider-facing tool formats (DESIGN.md decisions 5 and 6): the API the CLI, ToolsLoader and the
 * agent engine use. Rules are cited from shared/reference/provider-rules.md in each module.
 */
export { formatToolsFor, resolveProviderToolName } from './formatTools';
export { mapArgumentsBack } from './arguments';
export { assignToolNames, isSafeToolName } from './naming';
export { MAX_TOOLS } from './limits';
export type {
  AnthropicTool,
  ArgumentMap,
  DroppedTool,
  FormattedTools,
  GeminiFunctionDeclaration,
  GeminiTools,
  NameMapEntry,
  OpenAITool,
  ProviderFormat,
  ToolDefinitions,
  ToolFormat,
  ToolNameMap,
} from './types';
