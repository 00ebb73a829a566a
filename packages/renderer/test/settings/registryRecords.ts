/** Registry records for the browser's tests, shaped like main's RegistryServerView. */
import type { RegistryInstallOption, RegistryServerView } from '@elftia/desktop/shared/contracts/registry.ts';

export function npmOption(extra: Partial<RegistryInstallOption> = {}): RegistryInstallOption {
  return {
    id: 'package:0',
    kind: 'npm',
    label: '@example/weather@1.2.0',
    summary: 'npx -y @example/weather@1.2.0',
    runtime: 'node',
    supported: true,
    fields: [],
    ...extra,
  };
}

export function record(name: string, extra: Partial<RegistryServerView> = {}): RegistryServerView {
  return {
    name,
    description: `The ${name} server.`,
    version: '1.0.0',
    status: 'active',
    isLatest: true,
    options: [npmOption()],
    addedServerIds: [],
    ...extra,
  };
}

/** `count` active records named io.example/server-01 … */
export function manyRecords(count: number): RegistryServerView[] {
  return Array.from({ length: count }, (_, i) => record(`io.example/server-${String(i + 1).padStart(2, '0')}`));
}

/** A record with an npm package asking for a secret key and a choice, and a remote with a secret header and a URL variable. */
export const weather: RegistryServerView = record('io.github.example/weather', {
  title: 'Weather',
  description: 'Forecasts for any city.',
  version: '1.2.0',
  repositoryUrl: 'https://github.com/example/weather',
  options: [
    npmOption({
      fields: [
        { key: 'env.WEATHER_API_KEY', label: 'WEATHER_API_KEY', description: 'Your weather.example key', required: true, secret: true },
        { key: 'env.UNITS', label: 'UNITS', required: false, secret: false, default: 'metric', choices: ['metric', 'imperial'] },
      ],
    }),
    {
      id: 'remote:0',
      kind: 'streamable-http',
      label: 'https://{tenant}.weather.example/mcp',
      summary: 'https://{tenant}.weather.example/mcp',
      supported: true,
      fields: [
        { key: 'url.tenant', label: 'tenant', required: true, secret: false },
        { key: 'header.X-Api-Key', label: 'X-Api-Key', required: true, secret: true },
      ],
    },
    {
      id: 'package:1',
      kind: 'oci',
      label: 'docker.io/example/weather:1.2.0',
      summary: 'docker run -i --rm docker.io/example/weather:1.2.0',
      runtime: 'docker',
      supported: false,
      unsupportedReason: 'dockerMissing',
      fields: [],
    },
  ],
});
