import { secretRefsOf } from '@elftia/desktop/shared/contracts/secret-refs.ts';
import { SECRET_NAME } from '@elftia/desktop/shared/contracts/secrets.ts';

/**
 * How the form shows an env or header value: `reference` (holds `${env:…}`/`${input:…}`, shown as
 * written, filled in when the server starts), `secret` (its name looks secret — `*_KEY`, `*TOKEN*`,
 * `Authorization` — so it is masked as typed) or `plain`.
 */
export type ValueKind = 'reference' | 'secret' | 'plain';

export function valueKind(name: string, value: string): ValueKind {
  if (secretRefsOf(value).refs.length > 0) return 'reference';
  return SECRET_NAME.test(name) ? 'secret' : 'plain';
}
