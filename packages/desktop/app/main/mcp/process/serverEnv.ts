/**
 * The environment of a stdio server: never the app's whole environment, which holds API keys
 * (OPENAI_API_KEY and the like) any third-party server could read, but an allowlist of what programs
 * and their package runners need, the package mirrors, and the server's own variables. A per-server
 * switch passes everything instead.
 *
 * The allowlist starts from the MCP SDK's DEFAULT_INHERITED_ENV_VARS (client/stdio.ts: HOME, LOGNAME,
 * PATH, SHELL, TERM, USER; APPDATA … PROGRAMFILES on Windows) and adds what `npx` and `uvx` read:
 * - npm: HOME (~/.npmrc, ~/.npm), npm_config_* (registry, cache, prefix), on Windows APPDATA and
 *   LOCALAPPDATA (global prefix, cache), PATHEXT and COMSPEC (to run `.cmd` shims), SYSTEMROOT;
 * - uv: UV_* (index, cache, Python mirror, timeouts), XDG_CACHE_HOME / XDG_DATA_HOME (cache and tools);
 * - pip, for servers that shell out to it: PIP_*;
 * - node version managers whose shims must find their home: NVM_*, FNM_*, VOLTA_HOME, ASDF_*, MISE_*;
 * - proxies and extra CAs (HTTP(S)_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS, SSL_CERT_FILE, …), without
 *   which every download fails behind a corporate proxy;
 * - locale (LANG, LC_*, TZ), temp folders, XDG_* folders, a display for servers that open a browser,
 *   and Docker's client settings for `docker run` servers.
 * A variable reached by prefix only is left out when its name looks secret (UV_PUBLISH_TOKEN,
 * PIP_…_PASSWORD): the server's config has to name it.
 */
import { type Env, PROXY_AND_CA_ENV_KEYS, definedEnv, mergeEnv } from './loginShellEnv';

const POSIX_NAMES = [
  'HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER',
  'LANG', 'LANGUAGE', 'TZ', 'TMPDIR', 'TMP', 'TEMP',
  'DISPLAY', 'WAYLAND_DISPLAY', 'XAUTHORITY', 'DBUS_SESSION_BUS_ADDRESS', '__CF_USER_TEXT_ENCODING',
];
const POSIX_PREFIXES = ['LC_', 'XDG_'];

const WINDOWS_NAMES = [
  'APPDATA', 'HOMEDRIVE', 'HOMEPATH', 'LOCALAPPDATA', 'PATH', 'PROCESSOR_ARCHITECTURE', 'SYSTEMDRIVE',
  'SYSTEMROOT', 'TEMP', 'USERNAME', 'USERPROFILE', 'PROGRAMFILES',
  'PATHEXT', 'COMSPEC', 'WINDIR', 'TMP', 'HOME', 'USERDOMAIN', 'COMPUTERNAME', 'OS', 'PUBLIC',
  'NUMBER_OF_PROCESSORS', 'PROCESSOR_ARCHITEW6432', 'PROGRAMDATA', 'ALLUSERSPROFILE',
  'PROGRAMFILES(X86)', 'PROGRAMW6432', 'COMMONPROGRAMFILES', 'COMMONPROGRAMFILES(X86)', 'COMMONPROGRAMW6432',
];

const SHARED_NAMES = [
  ...PROXY_AND_CA_ENV_KEYS, 'CURL_CA_BUNDLE', 'NODE_USE_SYSTEM_CA',
  'VOLTA_HOME', 'PNPM_HOME', 'BUN_INSTALL', 'COREPACK_HOME',
  'DOCKER_HOST', 'DOCKER_CONTEXT', 'DOCKER_CONFIG', 'DOCKER_CERT_PATH', 'DOCKER_TLS_VERIFY',
];
/** Compared case-insensitively: npm reads `npm_config_*` in any case. */
const SHARED_PREFIXES = ['NPM_CONFIG_', 'UV_', 'PIP_', 'NVM_', 'FNM_', 'ASDF_', 'MISE_'];

const SECRET_LOOKING = /TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|API_?KEY|PRIVATE/i;

/** Where a variable of a server's environment comes from, for the server details. */
export type ServerEnvSource = 'server' | 'settings' | 'app';

export interface ServerEnvOptions {
  platform: NodeJS.Platform;
  /** The app's own environment. */
  processEnv: NodeJS.ProcessEnv;
  /** The user's login-shell environment, once resolved (it holds PATH and what ~/.zshrc exports). */
  shellEnv?: NodeJS.ProcessEnv | undefined;
  /** The package mirror variables of Settings → General, under the server's own. */
  mirrors?: Record<string, string> | undefined;
  /** The server's own variables, the copied ones included. */
  serverEnv?: Record<string, string> | undefined;
  /** The per-server switch: the whole app environment instead of the allowlist. Default false. */
  inheritEnv?: boolean | undefined;
}

function listed(key: string, platform: NodeJS.Platform): boolean {
  const upper = key.toUpperCase();
  const byPrefix = SHARED_PREFIXES.some((prefix) => upper.startsWith(prefix)) || (platform !== 'win32' && POSIX_PREFIXES.some((prefix) => key.startsWith(prefix)));
  if (byPrefix) return !SECRET_LOOKING.test(key);
  // Windows names are case-insensitive (`Path` is PATH); POSIX ones are not.
  if (platform === 'win32') return WINDOWS_NAMES.includes(upper) || SHARED_NAMES.some((name) => name.toUpperCase() === upper);
  return POSIX_NAMES.includes(key) || SHARED_NAMES.includes(key);
}

/**
 * Whether a variable of the app's environment passes to servers by default. A value starting with
 * `()` is a bash exported function, which the SDK leaves out too (CVE-2014-6271).
 */
export function isInheritable(key: string, value: string, platform: NodeJS.Platform): boolean {
  return listed(key, platform) && !value.startsWith('()');
}

/** The environment and where each of its variables comes from. */
export function composeServerEnv(options: ServerEnvOptions): { env: Env; sources: Map<string, ServerEnvSource> } {
  const { platform } = options;
  const app = mergeEnv(options.processEnv, options.shellEnv, undefined, { platform });
  const base = options.inheritEnv ? app : Object.fromEntries(Object.entries(app).filter(([key, value]) => isInheritable(key, value, platform)));
  const mirrors = options.mirrors ?? {};
  const own = options.serverEnv ?? {};
  const env = mergeEnv(base, undefined, { ...mirrors, ...own }, { platform });
  const sourceOf = (key: string): ServerEnvSource => {
    const same = (other: string) => (platform === 'win32' ? other.toUpperCase() === key.toUpperCase() : other === key);
    if (Object.keys(own).some(same)) return 'server';
    if (Object.keys(mirrors).some(same)) return 'settings';
    return 'app';
  };
  return { env, sources: new Map(Object.keys(env).map((key) => [key, sourceOf(key)])) };
}

/** What a stdio server (and the download of its package) is started with. */
export function buildServerEnv(options: ServerEnvOptions): Env {
  return composeServerEnv(options).env;
}

/** The app's environment as servers with the switch on see it: its own plus the login shell's. */
export function appEnvironment(processEnv: NodeJS.ProcessEnv, shellEnv: NodeJS.ProcessEnv | undefined, platform: NodeJS.Platform): Env {
  return mergeEnv(definedEnv(processEnv), shellEnv, undefined, { platform });
}
