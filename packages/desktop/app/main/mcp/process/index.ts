/** The process layer of stdio MCP servers: environment, spawning, transport, tree kill, PID registry. */
export {
  DEFAULT_SHELL_ENV_TIMEOUT_MS,
  PROXY_AND_CA_ENV_KEYS,
  ShellEnvironment,
  mergeEnv,
  mergePathLists,
  resolveLoginShellEnv,
  type Env,
  type ResolveLoginShellEnvOptions,
  type ShellEnvResult,
} from './loginShellEnv';
export { UnsafeShellArgumentError, resolveSpawn, type ResolveSpawnOptions, type ResolvedSpawn } from './spawnCommand';
export {
  DEFAULT_CLOSE_GRACE_MS,
  DEFAULT_MAX_LINE_BYTES,
  ProcessSpawnError,
  ProcessStdioTransport,
  type ProcessSpawnErrorCode,
  type ProcessStdioTransportOptions,
} from './ProcessStdioTransport';
export {
  DEFAULT_KILL_GRACE_MS,
  isAlive,
  killProcessTree,
  killProcessTreeSync,
  snapshotProcessTree,
  type KillTreeOptions,
  type KillTreeResult,
} from './treeKill';
export { PID_REGISTRY_FILE, PidRegistry, type PidEntry, type PidEntryDetails, type PidRegistryOptions, type PidStore } from './PidRegistry';
export { TREE_MARKER_ENV, carriesTreeMarker, newTreeMarker } from './treeMarker';
export type { ProcessTracker, TrackedConnection } from './ProcessTracker';
