/**
 * The Content-Security-Policy the sandbox proxy page is served with (its inner frame, a `srcdoc`
 * document, inherits it). Follows the spec's "Sandbox proxy" and "Host Behavior" rules
 * (ext-apps specification/2026-01-26/apps.mdx): only declared origins, `frame-src 'none'` and
 * `base-uri 'self'` unless declared, `object-src 'none'`. The origins are cleaned again here, so a
 * caller cannot pass a raw string through.
 */
import type { McpAppCsp } from '../../shared/contracts/apps';
import { cleanCsp } from './appDomains';

export function buildAppCsp(declared: McpAppCsp | undefined): string {
  const csp = cleanCsp(declared);
  const resources = csp.resourceDomains ?? [];
  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", "'unsafe-inline'", "'unsafe-eval'", 'blob:', 'data:', ...resources]],
    ['style-src', ["'self'", "'unsafe-inline'", ...resources]],
    ['img-src', ["'self'", 'data:', 'blob:', ...resources]],
    ['font-src', ["'self'", 'data:', 'blob:', ...resources]],
    ['media-src', ["'self'", 'data:', 'blob:', ...resources]],
    ['connect-src', orNone(csp.connectDomains)],
    ['frame-src', orNone(csp.frameDomains)],
    ['base-uri', csp.baseUriDomains ?? ["'self'"]],
    ['form-action', ["'none'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

function orNone(list: string[] | undefined): string[] {
  return list && list.length > 0 ? list : ["'none'"];
}
