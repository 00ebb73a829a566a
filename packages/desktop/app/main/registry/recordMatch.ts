/**
 * Which configured servers came from a registry record (any version): a stdio server that runs one
 * of its packages (`pkg@…` for npx, `pkg==…` for uvx, the image for docker), or a remote server whose
 * URL fits one of its remotes' URL templates. Read off the command line and URL, so servers added by
 * hand or by import count too.
 */
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import type { RecordPackage, ServerJson } from './registryRecord';

function runsPackage(args: readonly string[], pkg: RecordPackage): boolean {
  switch (pkg.registryType) {
    case 'npm':
      return args.some((arg) => arg === pkg.identifier || arg.startsWith(`${pkg.identifier}@`));
    case 'pypi':
      return args.some((arg) => arg === pkg.identifier || arg.startsWith(`${pkg.identifier}==`));
    case 'oci': {
      const image = pkg.identifier.replace(/[:@].*$/, '');
      return args.some((arg) => arg === pkg.identifier || arg.replace(/[:@][^/]*$/, '') === image);
    }
    default:
      return false;
  }
}

/** `https://{tenant}.example.com/mcp` as a pattern: each `{variable}` one or more characters but `/`. */
function urlPattern(template: string): RegExp {
  const parts = template.split(/\{[^{}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`);
}

export function serverMatchesRecord(server: McpServerRecord, record: ServerJson): boolean {
  if (server.type === 'stdio') {
    const args = server.config.args ?? [];
    return (record.packages ?? []).some((pkg) => runsPackage(args, pkg));
  }
  const url = server.config.url;
  if (!url) return false;
  return (record.remotes ?? []).some((remote) => urlPattern(remote.url).test(url));
}
