/**
 * Provider-facing tool formats: the API the CLI, ToolsLoader and the
 * agent engine use. test/tools/providerRules.ts checks each provider's rules independently of them.
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
