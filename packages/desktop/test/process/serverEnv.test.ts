import { describe, expect, it } from 'vitest';
import { buildServerEnv, composeServerEnv } from '../../app/main/mcp/process/serverEnv';

const APP_POSIX = {
  HOME: '/home/u',
  USER: 'u',
  PATH: '/usr/bin:/bin',
  SHELL: '/bin/zsh',
  LANG: 'de_DE.UTF-8',
  LC_ALL: 'de_DE.UTF-8',
  TMPDIR: '/tmp/u',
  XDG_CACHE_HOME: '/home/u/.cache',
  HTTPS_PROXY: 'http://proxy:3128',
  no_proxy: 'localhost',
  NODE_EXTRA_CA_CERTS: '/etc/ca.pem',
  npm_config_registry: 'https://registry.npmmirror.com',
  NPM_CONFIG_CACHE: '/home/u/.npm-cache',
  UV_CACHE_DIR: '/home/u/.uv',
  NVM_DIR: '/home/u/.nvm',
  DOCKER_HOST: 'unix:///home/u/.colima/docker.sock',
  OPENAI_API_KEY: 'sk-secret',
  ANTHROPIC_API_KEY: 'sk-ant-secret',
  GITHUB_TOKEN: 'ghp_secret',
  AWS_SECRET_ACCESS_KEY: 'aws-secret',
  SSH_AUTH_SOCK: '/tmp/agent.sock',
  UV_PUBLISH_TOKEN: 'pypi-secret',
  PIP_INDEX_PASSWORD: 'secret',
  npm_config__authToken: 'npm-secret',
  BASH_FUNC_x: '() { :; }',
  TERM: '() { evil; }',
};

describe('buildServerEnv', () => {
  it('passes the allowlist (SDK defaults, locale, temp, XDG, proxy, CA, package managers) and nothing else', () => {
    const env = buildServerEnv({ platform: 'linux', processEnv: APP_POSIX });
    expect(Object.keys(env).sort()).toEqual(
      [
        'DOCKER_HOST', 'HOME', 'HTTPS_PROXY', 'LANG', 'LC_ALL', 'NODE_EXTRA_CA_CERTS', 'NPM_CONFIG_CACHE', 'NVM_DIR', 'PATH', 'SHELL', 'TMPDIR',
        'USER', 'UV_CACHE_DIR', 'XDG_CACHE_HOME', 'no_proxy', 'npm_config_registry',
      ].sort(),
    );
  });

  it('leaves out secret-looking names a prefix would let through, and bash exported functions', () => {
    const env = buildServerEnv({ platform: 'linux', processEnv: APP_POSIX });
    for (const key of ['UV_PUBLISH_TOKEN', 'PIP_INDEX_PASSWORD', 'npm_config__authToken', 'TERM', 'BASH_FUNC_x']) expect(env).not.toHaveProperty(key);
  });

  it('adds the login shell, the mirrors and the server’s own variables, the server winning, PATH merged', () => {
    const { env, sources } = composeServerEnv({
      platform: 'linux',
      processEnv: { PATH: '/usr/bin', HOME: '/home/u' },
      shellEnv: { PATH: '/home/u/.nvm/bin:/usr/bin', LANG: 'ja_JP.UTF-8', OPENAI_API_KEY: 'from-zshrc' },
      mirrors: { npm_config_registry: 'https://mirror', UV_DEFAULT_INDEX: 'https://pypi-mirror' },
      serverEnv: { PATH: '/opt/tool/bin', GITHUB_TOKEN: 'ghp_mine', npm_config_registry: 'https://own' },
    });
    expect(env).toEqual({
      HOME: '/home/u',
      LANG: 'ja_JP.UTF-8',
      PATH: '/opt/tool/bin:/home/u/.nvm/bin:/usr/bin',
      GITHUB_TOKEN: 'ghp_mine',
      npm_config_registry: 'https://own',
      UV_DEFAULT_INDEX: 'https://pypi-mirror',
    });
    expect(Object.fromEntries(sources)).toEqual({
      HOME: 'app', LANG: 'app', PATH: 'server', GITHUB_TOKEN: 'server', npm_config_registry: 'server', UV_DEFAULT_INDEX: 'settings',
    });
  });

  it('passes everything with inheritEnv', () => {
    const env = buildServerEnv({ platform: 'linux', processEnv: APP_POSIX, serverEnv: { OWN: '1' }, inheritEnv: true });
    expect(env).toMatchObject({ OPENAI_API_KEY: 'sk-secret', SSH_AUTH_SOCK: '/tmp/agent.sock', OWN: '1' });
    expect(Object.keys(env)).toHaveLength(Object.keys(APP_POSIX).length + 1);
  });

  it('on Windows matches names in any case and keeps what npm, npx.cmd and uv need there', () => {
    const app = {
      Path: 'C:\\Windows\\system32;C:\\Program Files\\nodejs\\',
      PATHEXT: '.COM;.EXE;.BAT;.CMD',
      ComSpec: 'C:\\Windows\\system32\\cmd.exe',
      SystemRoot: 'C:\\Windows',
      APPDATA: 'C:\\Users\\u\\AppData\\Roaming',
      LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local',
      USERPROFILE: 'C:\\Users\\u',
      TEMP: 'C:\\Users\\u\\AppData\\Local\\Temp',
      'ProgramFiles(x86)': 'C:\\Program Files (x86)',
      Https_Proxy: 'http://proxy:3128',
      OPENAI_API_KEY: 'sk-secret',
      LANG: 'not-on-windows',
    };
    const env = buildServerEnv({ platform: 'win32', processEnv: app });
    expect(Object.keys(env).sort()).toEqual(
      ['APPDATA', 'ComSpec', 'Https_Proxy', 'LOCALAPPDATA', 'PATHEXT', 'Path', 'ProgramFiles(x86)', 'SystemRoot', 'TEMP', 'USERPROFILE'].sort(),
    );
  });
});
