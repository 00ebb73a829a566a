/**
 * The logging level each server is asked for (`logging/setLevel`), kept in the app's settings under
 * one key: a map from server id to level. A server without an entry gets DEFAULT_SERVER_LOG_LEVEL.
 */
import { DEFAULT_SERVER_LOG_LEVEL, MCP_SERVER_LOG_LEVELS, type McpServerLogLevel } from '../../shared/contracts/mcp-connection';

/** Where McpService reads and keeps the levels (McpServiceOptions.logLevels). */
export interface McpLogLevelStore {
  get(serverId: string): McpServerLogLevel;
  set(serverId: string, level: McpServerLogLevel): void;
}

/** The part of the settings repository the levels live in. */
export interface KeyValueSettings {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

export const LOG_LEVELS_SETTING = 'mcp.serverLogLevels';

function isLevel(value: unknown): value is McpServerLogLevel {
  return typeof value === 'string' && (MCP_SERVER_LOG_LEVELS as readonly string[]).includes(value);
}

export function settingsLogLevels(settings: KeyValueSettings): McpLogLevelStore {
  const read = (): Record<string, unknown> => {
    const stored = settings.get(LOG_LEVELS_SETTING);
    return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  };
  return {
    get: (serverId) => {
      const level = read()[serverId];
      return isLevel(level) ? level : DEFAULT_SERVER_LOG_LEVEL;
    },
    set: (serverId, level) => {
      const levels = read();
      if (level === DEFAULT_SERVER_LOG_LEVEL) delete levels[serverId];
      else levels[serverId] = level;
      settings.set(LOG_LEVELS_SETTING, levels);
    },
  };
}

/** For a service without settings (tests, one-shot CLI commands): levels for the runtime's life. */
export function memoryLogLevels(): McpLogLevelStore {
  const levels = new Map<string, McpServerLogLevel>();
  return { get: (serverId) => levels.get(serverId) ?? DEFAULT_SERVER_LOG_LEVEL, set: (serverId, level) => void levels.set(serverId, level) };
}
